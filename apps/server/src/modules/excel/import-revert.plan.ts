import type { AuditChange } from '@salary/shared/audit/audit.contract';
import type { ImportRevertBlocker } from '@salary/shared/audit/import-revert.contract';
import { type DateTimeFormat, formatDateTime } from '@salary/shared/common/date-time';
import type { Allowance } from '@salary/shared/employees/allowance.contract';
import { EMPLOYEE_FIELDS } from '@salary/shared/employees/employee-fields';
import {
  type AllowanceComponent,
  allowanceOf,
  sameAllowance,
  sameBenefits,
  withAllowance,
} from '../employees/individual-pay.model.ts';
import type { StoredEmployee } from './excel.repository.ts';
import type { LaterTouch } from './import-revert.repository.ts';

/*
 * The revert's decisions, pure: which employees the import created and changed (from its
 * entry's per-employee changes), which of them something touched later, and what each
 * changed one holds again afterwards.
 */

/** One employee as the import entry recorded it: its field changes in the API's (wire) names. */
export interface ImportedEmployee {
  id: number;
  name: string;
  changes: AuditChange[];
}

export interface ImportedSplit {
  created: ImportedEmployee[];
  changed: ImportedEmployee[];
}

const WIRE_TO_INPUT = new Map<string, (typeof EMPLOYEE_FIELDS)[number]['input']>(
  EMPLOYEE_FIELDS.map((f) => [f.wire, f.input]),
);

/**
 * The entry's employees (audit.service `employeesOf`), split: an employee the import created had
 * no name before it (name is required, so an existing employee always has one). Null when the
 * entry recorded none.
 */
export function splitImported(list: readonly unknown[] | null): ImportedSplit | null {
  if (!Array.isArray(list)) return null;
  const split: ImportedSplit = { created: [], changed: [] };
  for (const raw of list as ImportedEmployee[]) {
    if (!Number.isSafeInteger(raw?.id) || !Array.isArray(raw.changes)) continue;
    const name = raw.changes.find((c) => c.field === 'name');
    (name && name.before === null ? split.created : split.changed).push(raw);
  }
  return split;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The employee's fields the import set, compared with what it holds now: false when one moved. */
export function holdsImportedValues(employee: ImportedEmployee, stored: StoredEmployee): boolean {
  return employee.changes.every((c) => {
    if (c.field === 'allowance')
      return sameAllowance(allowanceOf(stored.payComponents), (c.after ?? null) as Allowance | null);
    if (c.field === 'excludedBenefits')
      return sameBenefits(stored.excludedBenefits, (c.after ?? []) as string[]);
    const input = WIRE_TO_INPUT.get(c.field);
    // customMultipliers: the import never sets them (a new employee starts with none).
    return input === undefined || same(stored.fields[input], c.after);
  });
}

/**
 * Who stands in the way, in the import's order. Decided first from the audit trail (any later
 * entry about the employee names when and by whom), then from the employee's state against the
 * import's `after` values, for a change the trail cannot show (a row deleted or edited outside
 * the app): then the row's own `updated_at`/`updated_by` say when and by whom.
 */
export function findBlockers(
  split: ImportedSplit,
  touches: LaterTouch[],
  stored: ReadonlyMap<number, StoredEmployee>,
): ImportRevertBlocker[] {
  const first = new Map<number, LaterTouch>();
  for (const t of touches) if (!first.has(t.employeeId)) first.set(t.employeeId, t);
  const blockers: ImportRevertBlocker[] = [];
  for (const e of [...split.created, ...split.changed]) {
    const now = stored.get(e.id);
    const name = String(now?.fields.name ?? e.name);
    const touch = first.get(e.id);
    if (touch)
      blockers.push({
        id: e.id,
        name,
        at: touch.at.toISOString(),
        by: touch.actorEmail,
        action: touch.action,
      });
    else if (!now) blockers.push({ id: e.id, name, at: null, by: null, action: 'delete' });
    else if (!holdsImportedValues(e, now))
      blockers.push({
        id: e.id,
        name,
        at: now.updatedAt.toISOString(),
        by: now.updatedBy,
        action: 'changed',
      });
  }
  return blockers.sort((a, b) => a.id - b.id);
}

/** "Nov 24, 2026, 05:12 AM UTC": the moments a refusal names, in the company's format and zone. */
export const revertTime = (at: Date, format: DateTimeFormat) => formatDateTime(at, format);

const VERBS: Record<string, string> = {
  delete: 'deleted',
  import: 'changed by a later import',
  revert: 'changed by a later revert',
};

/** "Employee 17 (Ana Lima) was changed on 24 Nov 2026, 05:12 UTC by ana@example.com after this import". */
export function blockerText(b: ImportRevertBlocker, format: DateTimeFormat): string {
  const when = b.at ? ` on ${revertTime(new Date(b.at), format)}` : '';
  const who = b.by ? ` by ${b.by}` : '';
  return `Employee ${b.id} (${b.name}) was ${VERBS[b.action] ?? 'changed'}${when}${who} after this import`;
}

/** The refusal's message: every blocker up to `max`, then how many more. */
export function refusalMessage(blockers: ImportRevertBlocker[], format: DateTimeFormat, max = 5): string {
  const lines = blockers.slice(0, max).map((b) => blockerText(b, format));
  if (blockers.length > max) lines.push(`and ${blockers.length - max} more`);
  return `This import cannot be reverted: ${lines.join('; ')}.`;
}

/**
 * A changed employee's fields as they were before the import: what it holds now with the
 * import's `before` values put back (a revert only runs when nothing moved since, so "now"
 * is exactly the import's result).
 */
/**
 * The individual pay a changed employee had before the import, as a dated write's fields: its
 * own components with the allowance put back, the benefits it did not receive (none changed: {}).
 */
export function restoredPay(
  employee: ImportedEmployee,
  stored: StoredEmployee,
): { payComponents?: AllowanceComponent[]; excludedBenefits?: string[] } {
  const out: { payComponents?: AllowanceComponent[]; excludedBenefits?: string[] } = {};
  for (const c of employee.changes) {
    if (c.field === 'allowance')
      out.payComponents = withAllowance(stored.payComponents, (c.before ?? null) as Allowance | null);
    else if (c.field === 'excludedBenefits') out.excludedBenefits = (c.before ?? []) as string[];
  }
  return out;
}

export function restoredFields(employee: ImportedEmployee, stored: StoredEmployee): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...stored.fields };
  for (const c of employee.changes) {
    const input = WIRE_TO_INPUT.get(c.field);
    if (input !== undefined) fields[input] = c.before;
  }
  return fields;
}

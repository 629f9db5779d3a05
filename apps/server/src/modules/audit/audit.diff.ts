import type { AuditChange } from '@salary/shared/audit/audit.contract';
import { EMPLOYEE_FIELDS } from '@salary/shared/employees/employee-fields';
import type { EmployeeRecord } from '../employees/employees.repository.ts';

/*
 * Field-level change lists in the API's names, and the words a history row or the Audit
 * Log shows for an entry. Secrets never enter a change list, whatever a caller hands in.
 */

const SECRET = /password|hash|token|secret/i;

const same = (a: unknown, b: unknown) =>
  (a ?? null) === (b ?? null) ||
  (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a ?? null) === JSON.stringify(b ?? null));

/**
 * The fields that differ between two views of a record (null: it did not exist), in the
 * order of `fields` or of the keys met. Secrets are left out.
 */
export function diffFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  fields?: readonly string[],
): AuditChange[] {
  const keys = fields ?? [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: AuditChange[] = [];
  for (const field of keys) {
    if (SECRET.test(field)) continue;
    const b = before ? (before[field] ?? null) : null;
    const a = after ? (after[field] ?? null) : null;
    if (!same(b, a)) changes.push({ field, before: b, after: a });
  }
  return changes;
}

/** An employee's fields in the API's names, in order (employeeWire's keys). */
export const EMPLOYEE_WIRE_FIELDS: readonly string[] = [
  ...EMPLOYEE_FIELDS.map((f) => f.wire),
  'customMultipliers',
];

const INPUTS = EMPLOYEE_FIELDS.map((f) => f.input);
const WIRES = EMPLOYEE_FIELDS.map((f) => f.wire);

const sameIds = (a: readonly unknown[] | null, b: readonly unknown[] | null) =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((v, i) => v === b[i]));

/**
 * The fields that differ between two records of one employee (undefined: it did not exist),
 * as the API names them, in EMPLOYEE_WIRE_FIELDS' order: what `diffFields` answers for the
 * two records in the API's names, without building those views (an import compares 100,000
 * pairs; building two objects per pair and diffing them took ~0.5 s of it).
 */
export function employeeDiff(
  before: EmployeeRecord | undefined,
  after: EmployeeRecord | undefined,
): AuditChange[] {
  const b = before as unknown as Record<string, unknown> | undefined;
  const a = after as unknown as Record<string, unknown> | undefined;
  const changes: AuditChange[] = [];
  for (let i = 0; i < INPUTS.length; i++) {
    const was = b ? (b[INPUTS[i]!] ?? null) : null;
    const now = a ? (a[INPUTS[i]!] ?? null) : null;
    if (was !== now) changes.push({ field: WIRES[i]!, before: was, after: now });
  }
  const wasIds = before ? (before.customMultiplierIds ?? []) : null;
  const nowIds = after ? (after.customMultiplierIds ?? []) : null;
  if (!sameIds(wasIds, nowIds)) changes.push({ field: 'customMultipliers', before: wasIds, after: nowIds });
  return changes;
}

const MONEY_FIELDS = new Set(['amount', 'grossBefore', 'grossAfter', 'costBefore', 'costAfter']);
/** Fields that are the whole point of their record: a lone change of one needs no name. */
const VALUE_FIELDS = new Set(['amount', 'factor']);
const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number' && MONEY_FIELDS.has(field)) return money.format(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** "yearsExperience 4 → 9", "1,000.00 → 1,500.00" (a lone amount or factor needs no name). */
export function changeText(changes: AuditChange[], max = 3): string {
  const one = changes.length === 1 && VALUE_FIELDS.has(changes[0]!.field);
  const parts = changes
    .slice(0, max)
    .map(
      (c) => `${one ? '' : `${c.field} `}${valueText(c.field, c.before)} → ${valueText(c.field, c.after)}`,
    );
  if (changes.length > max) parts.push(`and ${changes.length - max} more`);
  return parts.join(', ');
}

const ACTION_WORDS: Record<string, string> = {
  create: 'created',
  delete: 'deleted',
  reorder: 'reordered',
  password: 'password changed',
  'end-sessions': 'signed out everywhere',
};

/** What an entry is about and what it did, in words: "Base salary Junior / L1: 1,000.00 → 1,500.00". */
export function entryText(entry: {
  action: string;
  entityType: string;
  entityId: string | null;
  changes: unknown;
  details: unknown;
}): string {
  const details = (entry.details ?? {}) as {
    label?: string;
    created?: number;
    changed?: number;
    updated?: number;
    deleted?: number;
    restored?: number;
  };
  const label = details.label ?? `${entry.entityType}${entry.entityId ? ` ${entry.entityId}` : ''}`;
  // The import records `changed`; `updated` is read for entries written before it did.
  if (entry.action === 'import')
    return `${label}: ${details.created ?? 0} created, ${details.changed ?? details.updated ?? 0} updated`;
  if (entry.action === 'revert')
    return `${label} reverted: ${details.deleted ?? 0} deleted, ${details.restored ?? 0} restored`;
  const changes = Array.isArray(entry.changes) ? (entry.changes as AuditChange[]) : [];
  const word = ACTION_WORDS[entry.action];
  if (word) return `${label} ${word}`;
  return changes.length ? `${label}: ${changeText(changes)}` : `${label} updated`;
}

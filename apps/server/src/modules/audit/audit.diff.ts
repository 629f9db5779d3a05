import type { AuditChange } from '@salary/shared/audit/audit.contract';
import { EMPLOYEE_FIELDS } from '@salary/shared/employees/employee-fields';
import type { EmployeeRecord } from '../employees/employee.model.ts';
import { allowanceOf, sameAllowance, sameBenefits } from '../employees/individual-pay.model.ts';

/*
 * Field-level change lists in the API's names, as stored (change-words.model.ts puts them in
 * words). Secrets never enter a change list, whatever a caller hands in.
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

/**
 * An employee's fields in the API's names, in order (employeeWire's keys), then its individual
 * pay. Stored change rows name fields by their place here: new ones go at the end.
 */
export const EMPLOYEE_WIRE_FIELDS: readonly string[] = [
  ...EMPLOYEE_FIELDS.map((f) => f.wire),
  'customMultipliers',
  'allowance',
  'excludedBenefits',
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
  // The individual pay: the allowance among the own components, the benefits not received.
  const wasPay = before?.payComponents ?? [];
  const nowPay = after?.payComponents ?? [];
  if (wasPay !== nowPay) {
    const was = before ? allowanceOf(wasPay) : null;
    const now = after ? allowanceOf(nowPay) : null;
    if (!sameAllowance(was, now)) changes.push({ field: 'allowance', before: was, after: now });
  }
  const wasOut = before?.excludedBenefits ?? [];
  const nowOut = after?.excludedBenefits ?? [];
  if (wasOut !== nowOut && !sameBenefits(wasOut, nowOut))
    changes.push({ field: 'excludedBenefits', before: before ? wasOut : null, after: after ? nowOut : null });
  return changes;
}

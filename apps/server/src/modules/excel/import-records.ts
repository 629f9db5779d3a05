import type { EmployeeInput } from '@salary/shared/employees/employee.contract';
import { EMPLOYEE_FIELDS, type EmployeeField } from '@salary/shared/employees/employee-fields';
import type { EmployeeRecord } from '../employees/employees.repository.ts';
import type { StoredEmployee } from './excel.repository.ts';
import type { ReferenceNames } from './name-book.ts';

/*
 * The import's employees as records the pricing takes, built from what the import already
 * holds: the stored rows it read to plan (before) and the values it writes (after). Reading
 * the same 100,000 rows twice more, once before and once after the writes, took ~1.3 s of an
 * import on PGlite. The audit test compares every entry with GET /api/employees/:id before
 * and after, so a record built here that differs from the stored row fails it.
 */

type NameTable = keyof ReferenceNames;
type Input = Omit<EmployeeInput, 'customMultiplierIds'>;
type Name = (reference: number, id: number) => string;

const REFERENCES = EMPLOYEE_FIELDS.flatMap((f) => (f.kind === 'reference' ? [f] : [])).map((f) => ({
  input: f.input,
  nameKey: f.reference.nameKey,
  table: f.reference.table as NameTable,
}));

const key = JSON.stringify;
const names = (source: string) =>
  REFERENCES.map((r, k) => `${key(r.nameKey)}: name(${k}, ${source}[${key(r.input)}])`);

/*
 * Both records are ONE object literal compiled from the field table, keys in the list's own
 * order (id, fields, names, custom multipliers): built key by key, 100,000 of them took
 * ~100 MB more at the import's peak. Keys and defaults are the table's own constants.
 */

/** A stored employee as the list reads it. */
const beforeOf = new Function(
  's',
  'name',
  `const f = s.fields; return { id: s.id, ${[
    ...EMPLOYEE_FIELDS.map((f) => `${key(f.input)}: f[${key(f.input)}]`),
    ...names('f'),
    'customMultiplierIds: s.customMultiplierIds',
  ].join(', ')} };`,
) as (s: StoredEmployee, name: Name) => EmployeeRecord;

/**
 * What the set-based writes store from `input`: years to two decimals (numeric(…, 2)); an
 * optional field left out keeps its value (`old`) or takes its default.
 */
function written(f: EmployeeField): string {
  const value = `input[${key(f.input)}]`;
  if (f.kind === 'years') return `Number(${value}.toFixed(2))`;
  if (f.required) return value;
  return `(${value} ?? (old ? old[${key(f.input)}] : ${key(f.formDefault)}))`;
}

const afterOf = new Function(
  'id',
  'input',
  'old',
  'name',
  `const r = { id, ${EMPLOYEE_FIELDS.map((f) => `${key(f.input)}: ${written(f)}`).join(', ')} };
  return { ${[
    'id',
    ...EMPLOYEE_FIELDS.map((f) => `${key(f.input)}: r[${key(f.input)}]`),
    ...names('r'),
    'customMultiplierIds: old ? old.customMultiplierIds : []',
  ].join(', ')} };`,
) as (id: number, input: Input, old: EmployeeRecord | undefined, name: Name) => EmployeeRecord;

export function importRecords(refs: ReferenceNames) {
  const tables = REFERENCES.map((r) => new Map(refs[r.table].map((row) => [row.id, row.name])));
  const name: Name = (reference, id) => {
    const found = tables[reference]!.get(id);
    // The writes' foreign keys make this impossible; fail loudly rather than record a blank.
    if (found === undefined) throw new Error(`import: no ${REFERENCES[reference]!.table} name for ${id}`);
    return found;
  };
  return {
    /** A stored employee as the list reads it. */
    before: (s: StoredEmployee): EmployeeRecord => beforeOf(s, name),
    /**
     * The record once `input` is written over `before` (an update; custom multipliers kept) or
     * as a new employee `id` (a create: none).
     */
    after: (id: number, input: Input, before?: EmployeeRecord): EmployeeRecord =>
      afterOf(id, input, before, name),
  };
}

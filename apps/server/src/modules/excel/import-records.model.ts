import { type EmployeeInput, employmentStatusOf } from '@salary/shared/employees/employee.contract';
import { EMPLOYEE_FIELDS, type EmployeeField, fieldsOfKind } from '@salary/shared/employees/employee-fields';
import { derivedYears, type EmployeeRecord } from '../employees/employee.model.ts';
import { withAllowance } from '../employees/individual-pay.model.ts';
import type { StoredEmployee } from './excel.repository.ts';
import type { RowPay } from './import-pay.reader.ts';
import type { ReferenceNames } from './name-book.model.ts';

/*
 * The import's employees as records the pricing takes, built from what the import already
 * holds: the stored rows it read to plan (before) and the values it writes (after). Reading
 * the same 100,000 rows twice more, once before and once after the writes, took ~1.3 s of an
 * import on PGlite. The audit test compares every entry with GET /api/employees/:id before
 * and after, so a record built here that differs from the stored row fails it.
 */

type NameTable = Exclude<keyof ReferenceNames, 'asOf' | 'standardWeeklyHours'>;
type Input = Omit<EmployeeInput, 'customMultiplierIds'>;
type Name = (reference: number, id: number) => string;

/** The references in the table's order: job, position, grade, level (`name`'s first argument). */
const REFERENCES = fieldsOfKind('reference').map((f) => ({ table: f.reference.table as NameTable }));
if (REFERENCES.map((r) => r.table).join() !== 'jobs,positions,grades,levels')
  throw new Error('import records: the references are job, position, grade and level, in that order');

/** The value the set-based writes store for an optional field left out: the old one, or the default. */
const kept = <K extends 'gender'>(input: Input, old: EmployeeRecord | undefined, k: K): EmployeeRecord[K] =>
  input[k] ?? (old ? old[k] : (DEFAULTS[k] as EmployeeRecord[K]));

const DEFAULTS = Object.fromEntries(EMPLOYEE_FIELDS.map((f) => [f.input, f.formDefault])) as Record<
  EmployeeField['input'],
  unknown
>;

/** A day as the writes store it: the row's (null clears), else the old one kept, else none. */
const day = (
  input: Input,
  old: EmployeeRecord | undefined,
  k: 'hireDate' | 'careerStartDate' | 'leaveDate',
) => (input[k] !== undefined ? input[k] : old ? old[k] : null);

/** Years as numeric(…, 2) stores them. */
const years = (n: number) => Number(n.toFixed(2));

/*
 * Both records are ONE object literal, keys in the list's own order (id, fields, names,
 * custom multipliers): built key by key, 100,000 of them took ~100 MB more at the import's
 * peak. The type checker holds each literal to EmployeeRecord.
 */

/** A stored employee as the list reads it. */
function beforeOf(s: StoredEmployee, name: Name, asOf: string): EmployeeRecord {
  const f = s.fields;
  return {
    id: s.id,
    name: f.name,
    jobId: f.jobId,
    positionId: f.positionId,
    gradeId: f.gradeId,
    levelId: f.levelId,
    yearsExperience: f.yearsExperience,
    yearsWithCompany: f.yearsWithCompany,
    offshoreProject: f.offshoreProject,
    actingAsDifferentGrade: f.actingAsDifferentGrade,
    pillar: f.pillar,
    remote: f.remote,
    gender: f.gender,
    hireDate: f.hireDate,
    careerStartDate: f.careerStartDate,
    leaveDate: f.leaveDate,
    weeklyHours: f.weeklyHours,
    employmentStatus: employmentStatusOf(f, asOf),
    jobName: name(0, f.jobId),
    positionName: name(1, f.positionId),
    gradeName: name(2, f.gradeId),
    levelName: name(3, f.levelId),
    customMultiplierIds: s.customMultiplierIds,
    payComponents: s.payComponents,
    excludedBenefits: s.excludedBenefits,
    // Not read with the stored rows: pricing and the import's changes never use it.
    managerId: null,
  };
}

/**
 * What the set-based writes store from `input`: years to two decimals (numeric(…, 2)); an
 * optional field left out keeps its value (`old`) or takes its default.
 */
function afterOf(
  id: number,
  input: Input,
  old: EmployeeRecord | undefined,
  name: Name,
  asOf: string,
  standardHours: number,
  pay: RowPay | undefined,
): EmployeeRecord {
  const hireDate = day(input, old, 'hireDate');
  const careerStartDate = day(input, old, 'careerStartDate');
  const leaveDate = day(input, old, 'leaveDate');
  const derived = derivedYears(input, { hireDate, careerStartDate }, asOf);
  return {
    id,
    name: input.name,
    jobId: input.jobId,
    positionId: input.positionId,
    gradeId: input.gradeId,
    levelId: input.levelId,
    yearsExperience: years(derived.yearsExperience),
    yearsWithCompany: years(derived.yearsWithCompany),
    offshoreProject: input.offshoreProject,
    actingAsDifferentGrade: input.actingAsDifferentGrade,
    pillar: input.pillar,
    remote: input.remote,
    gender: kept(input, old, 'gender'),
    hireDate,
    careerStartDate,
    leaveDate,
    weeklyHours: input.weeklyHours ?? old?.weeklyHours ?? standardHours,
    employmentStatus: employmentStatusOf({ hireDate, leaveDate }, asOf),
    jobName: name(0, input.jobId),
    positionName: name(1, input.positionId),
    gradeName: name(2, input.gradeId),
    levelName: name(3, input.levelId),
    customMultiplierIds: old ? old.customMultiplierIds : [],
    payComponents:
      pay?.allowance !== undefined
        ? withAllowance(old?.payComponents, pay.allowance)
        : old
          ? old.payComponents
          : [],
    excludedBenefits: pay?.excludedBenefits ?? (old ? old.excludedBenefits : []),
    // An import does not change the reporting line.
    managerId: old ? old.managerId : null,
  };
}

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
    before: (s: StoredEmployee): EmployeeRecord => beforeOf(s, name, refs.asOf),
    /**
     * The record once `input` is written over `before` (an update; custom multipliers kept) or
     * as a new employee `id` (a create: none), with the individual pay the row changes (`pay`).
     */
    after: (id: number, input: Input, before?: EmployeeRecord, pay?: RowPay): EmployeeRecord =>
      afterOf(id, input, before, name, refs.asOf, refs.standardWeeklyHours ?? 40, pay),
  };
}

import type { PayComponent } from '@salary/salary-engine/pay-components';
import { completedYears, todayIn } from '@salary/shared/common/calendar-day';
import {
  type EmployeeInput,
  type EmploymentStatus,
  employmentStatusOf,
} from '@salary/shared/employees/employee.contract';
import type { Gender } from '@salary/shared/employees/employee-fields';
import { EMPLOYEE_FIELDS, type EmployeeField, fieldsOfKind } from '@salary/shared/employees/employee-fields';
import { parsedJson } from '../../lib/parsed-json.ts';
import { serverTimeZone } from '../../lib/time-zone.ts';

/*
 * The employee as the server reads it: the record type and the list row → record mapping.
 * Pricing, the audit and the Excel import build on this module; it imports nothing from them
 * (nor from the employees' service or repository), so none of them depends on the employees'
 * writes to read an employee.
 */

/**
 * One employee with the names of what it refers to, numbers already converted. Its years are
 * the ones that count on the day it was read at (`asOf`): with a hire date, yearsWithCompany is
 * the whole years since it; with a career start, yearsExperience likewise (`derivedYears`).
 */
export type EmployeeRecord = EmployeeInput & {
  id: number;
  /** On the day the record was read at (see employmentStatusOf). */
  employmentStatus: EmploymentStatus;
  hireDate: string | null;
  careerStartDate: string | null;
  leaveDate: string | null;
  /** Contracted hours a week (the company's standard unless set). */
  weeklyHours: number;
  jobName: string;
  positionName: string;
  gradeName: string;
  levelName: string;
  /**
   * Its own pay components (an individual allowance, a benefit of its own), as stored: priced
   * after its custom multipliers. Never part of an answer as they are.
   */
  payComponents: readonly PayComponent[];
  /** The company benefits it does not receive, by name (none: every benefit). */
  excludedBenefits: readonly string[];
  /** Whom the employee reports to today (null: no one). */
  managerId: number | null;
};

/**
 * One employee as the list query sends it: the id, every field in EMPLOYEE_FIELDS' order
 * (references as ids: the names come once per reference), then the custom multipliers, the
 * employee's own pay components, the benefits it does not receive and its manager's id.
 */
export type RowTuple = unknown[];

export type NamePair = [id: number, name: string];
type ReferenceTable = 'jobs' | 'positions' | 'grades' | 'levels';

/** The list query's answer: each reference table's names once, the rows, and the company's zone. */
export interface ListResult {
  jobs: NamePair[];
  positions: NamePair[];
  grades: NamePair[];
  levels: NamePair[];
  rows: RowTuple[];
  /** The company's time zone; null or absent: the server's. */
  timeZone?: string | null;
  /** The day the records are as of (derived years, employment status); absent: the company's today. */
  asOf?: string;
}

/** The company's today: the day it is now in its time zone (null: the server's zone). */
export const companyToday = (timeZone: string | null | undefined, now = new Date()): string =>
  todayIn(timeZone || serverTimeZone(), now);

/** A list read's snapshot with the day its years were derived at: caches keyed on it end with the day. */
export const listSnapshot = (row: { snapshot: string; timeZone?: string | null }): string =>
  `${row.snapshot} ${companyToday(row.timeZone)}`;

/** The years as they count on `asOf`: derived from the hire and career start days where set. */
export function derivedYears(
  typed: { yearsExperience: number; yearsWithCompany: number },
  days: { hireDate?: string | null; careerStartDate?: string | null },
  asOf: string,
): { yearsExperience: number; yearsWithCompany: number } {
  return {
    yearsExperience: days.careerStartDate
      ? completedYears(days.careerStartDate, asOf)
      : typed.yearsExperience,
    yearsWithCompany: days.hireDate ? completedYears(days.hireDate, asOf) : typed.yearsWithCompany,
  };
}

/** Each field's place in a row tuple (the id is at 0). */
const AT = Object.fromEntries(EMPLOYEE_FIELDS.map((f, j) => [f.input, j + 1])) as {
  [F in EmployeeField as F['input']]: number;
};
const CUSTOM_AT = EMPLOYEE_FIELDS.length + 1;
const COMPONENTS_AT = CUSTOM_AT + 1;
const EXCLUDED_AT = COMPONENTS_AT + 1;
/** None excluded: one shared empty list (most employees receive every benefit). */
const NO_EXCLUSIONS: readonly string[] = Object.freeze([]);
const MANAGER_AT = EXCLUDED_AT + 1;
/** None: one shared empty list (most employees have no components of their own). */
const NO_COMPONENTS: readonly PayComponent[] = Object.freeze([]);

const REFERENCES = fieldsOfKind('reference').map((f) => ({
  nameKey: f.reference.nameKey,
  table: f.reference.table as ReferenceTable,
}));
if (REFERENCES.map((r) => r.table).join() !== 'jobs,positions,grades,levels')
  throw new Error('employee model: the references are job, position, grade and level, in that order');

type Names = Map<number, string>;

function nameOf(names: Names, id: number): string {
  const name = names.get(id);
  // Foreign keys make this impossible; fail loudly rather than list a nameless employee.
  if (name === undefined) throw new Error(`employee list: no name for reference ${id}`);
  return name;
}

/**
 * A row tuple → its record, as ONE object literal: every record then has the same compact
 * shape from its first property on (built key by key, each took several times the memory,
 * which the export's pages carried into the old generation and the whole list holds for
 * 100,000 rows). The type checker holds the literal to EmployeeRecord: a field added to the
 * table and the contract but not here fails to compile.
 */
function buildRecord(
  t: RowTuple,
  jobs: Names,
  positions: Names,
  grades: Names,
  levels: Names,
  asOf: string,
): EmployeeRecord {
  const jobId = t[AT.jobId] as number;
  const hireDate = t[AT.hireDate] as string | null;
  const careerStartDate = t[AT.careerStartDate] as string | null;
  const leaveDate = t[AT.leaveDate] as string | null;
  const positionId = t[AT.positionId] as number;
  const gradeId = t[AT.gradeId] as number;
  const levelId = t[AT.levelId] as number;
  return {
    id: t[0] as number,
    name: t[AT.name] as string,
    jobId,
    positionId,
    gradeId,
    levelId,
    yearsExperience: careerStartDate
      ? completedYears(careerStartDate, asOf)
      : (t[AT.yearsExperience] as number),
    yearsWithCompany: hireDate ? completedYears(hireDate, asOf) : (t[AT.yearsWithCompany] as number),
    offshoreProject: t[AT.offshoreProject] as boolean,
    actingAsDifferentGrade: t[AT.actingAsDifferentGrade] as boolean,
    pillar: t[AT.pillar] as boolean,
    remote: t[AT.remote] as boolean,
    gender: t[AT.gender] as Gender,
    hireDate,
    careerStartDate,
    leaveDate,
    weeklyHours: t[AT.weeklyHours] as number,
    employmentStatus: employmentStatusOf({ hireDate, leaveDate }, asOf),
    jobName: nameOf(jobs, jobId),
    positionName: nameOf(positions, positionId),
    gradeName: nameOf(grades, gradeId),
    levelName: nameOf(levels, levelId),
    customMultiplierIds: t[CUSTOM_AT] as string[],
    payComponents: componentsOf(t[COMPONENTS_AT]),
    excludedBenefits: exclusionsOf(t[EXCLUDED_AT]),
    managerId: (t[MANAGER_AT] as number | null | undefined) ?? null,
  };
}

/** The stored components (jsonb: an array, or its text from a json value read as text). */
function componentsOf(stored: unknown): readonly PayComponent[] {
  const list = parsedJson(stored as PayComponent[] | string | null | undefined, NO_COMPONENTS);
  return list.length === 0 ? NO_COMPONENTS : list;
}

/** The stored names of benefits not received (jsonb, or its text). */
export function exclusionsOf(stored: unknown): readonly string[] {
  const list = parsedJson(stored as string[] | string | null | undefined, NO_EXCLUSIONS);
  return list.length === 0 ? NO_EXCLUSIONS : list;
}

function toRecords(result: ListResult): EmployeeRecord[] {
  const jobs = new Map(result.jobs);
  const positions = new Map(result.positions);
  const grades = new Map(result.grades);
  const levels = new Map(result.levels);
  const asOf = result.asOf ?? companyToday(result.timeZone);
  const records: EmployeeRecord[] = new Array(result.rows.length);
  for (let i = 0; i < result.rows.length; i++)
    records[i] = buildRecord(result.rows[i]!, jobs, positions, grades, levels, asOf);
  return records;
}

/** The list query's row (names and rows as json values, or text) → the records. */
export function recordsOf(
  row:
    | ({ [K in Exclude<keyof ListResult, 'timeZone' | 'asOf'>]: ListResult[K] | string } & {
        timeZone?: string | null;
      })
    | undefined,
  /** The day the rows were read as of (RowFilters' `asOf`); absent: the company's today. */
  asOf?: string,
): EmployeeRecord[] {
  return toRecords({
    jobs: parsedJson(row?.jobs, []),
    positions: parsedJson(row?.positions, []),
    grades: parsedJson(row?.grades, []),
    levels: parsedJson(row?.levels, []),
    rows: parsedJson(row?.rows, []),
    timeZone: row?.timeZone,
    asOf,
  });
}

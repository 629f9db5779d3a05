import type { SalaryProfile } from '@salary/salary-engine/salary-types';
import { z } from 'zod';
import { BAND_POSITIONS } from '../base-salaries/salary-bands.ts';
import { blankAsMissing, plainText } from '../common/fields.ts';
import { jsonField } from '../common/json-field.ts';
import { versionField } from '../common/stale-version.ts';
import { EMPLOYEE_FIELDS, type EmployeeField, type Gender } from './employee-fields.ts';
import { namedRef } from './fields/reference.ts';

/*
 * The employee record keeps the spec's wire names (technologyId = job, specializationId =
 * position; the list filter says positionId). They are mapped to job/position here and
 * nowhere else: `toEmployeeInput` is the one crossing point.
 */

/** A day field's wire value, as the body carries it once parsed. */
type Day = string | null | undefined;

/** What a leave date before the hire date is told (the API's 400, the form, the import). */
export const LEAVE_BEFORE_HIRE = 'Leave Date cannot be before the Hire Date';

/** Whether both days are set and the leave date comes first. */
export const leavesBeforeHire = (hireDate: Day, leaveDate: Day): boolean =>
  Boolean(hireDate && leaveDate && leaveDate < hireDate);

const customMultiplierRef = plainText('customMultipliers').trim().min(1).max(100);

/** Chosen custom multipliers: ids, or objects carrying an id (as the settings list them). */
const chosenCustomMultipliers = jsonField(
  'customMultipliers',
  z
    .array(
      z.union([
        customMultiplierRef,
        z
          .object({ id: customMultiplierRef })
          .loose()
          .transform((m) => m.id),
      ]),
      { error: 'customMultipliers must be a list of custom multiplier ids' },
    )
    .max(50),
);

/** Each field's rule, by its API name (fields/<kind>.ts make them). */
type FieldRules<Key extends 'body' | 'view'> = { [F in EmployeeField as F['wire']]: F[Key] };
const fieldRules = <Key extends 'body' | 'view'>(key: Key) =>
  Object.fromEntries(EMPLOYEE_FIELDS.map((f) => [f.wire, f[key]])) as FieldRules<Key>;

export const employeeFormBody = z
  .object({
    ...fieldRules('body'),
    customMultipliers: chosenCustomMultipliers.optional(),
    /** PUT: the version the form was read at (a stale one answers 409); absent, the last save wins. */
    version: versionField,
  })
  .refine((b) => !leavesBeforeHire(b.hireDate as Day, b.leaveDate as Day), {
    message: LEAVE_BEFORE_HIRE,
    path: ['leaveDate'],
    // Said beside the other fields' problems, once the body is an object and both days read as days.
    when: (payload) =>
      typeof payload.value === 'object' &&
      payload.value !== null &&
      !payload.issues.some(
        (issue) => !issue.path?.length || issue.path[0] === 'hireDate' || issue.path[0] === 'leaveDate',
      ),
  });
export type EmployeeFormBody = z.input<typeof employeeFormBody>;

/**
 * What an employee's pay depends on besides the four rules they hold: the salary engine's
 * profile (years, flags) and the employee's custom multipliers.
 */
export interface EmployeeProfile extends SalaryProfile {
  customMultiplierIds: string[];
}

/** The employee as the server's services see it: one name per thing. */
export interface EmployeeInput extends EmployeeProfile {
  name: string;
  jobId: number;
  positionId: number;
  gradeId: number;
  levelId: number;
  /** Undefined on a write: keep the stored value (new employees: UNDISCLOSED). */
  gender?: Gender;
  /**
   * Calendar days ('YYYY-MM-DD'), null for none; undefined on a write keeps the stored day.
   * A hire date decides yearsWithCompany, a career start yearsExperience (employee.model).
   */
  hireDate?: string | null;
  careerStartDate?: string | null;
  leaveDate?: string | null;
  /** Contracted hours a week; undefined on a write keeps the stored hours (new employees: the company's standard). */
  weeklyHours?: number;
}

export function toEmployeeInput(body: z.output<typeof employeeFormBody>): EmployeeInput {
  return {
    name: body.name,
    jobId: body.technologyId,
    positionId: body.specializationId,
    gradeId: body.gradeId,
    levelId: body.levelId,
    yearsExperience: body.yearsExperience,
    yearsWithCompany: body.yearsWithCompany,
    offshoreProject: body.offshoreProject,
    actingAsDifferentGrade: body.actingAsDifferentGrade,
    pillar: body.pillar,
    remote: body.remote,
    customMultiplierIds: [...new Set(body.customMultipliers ?? [])],
    gender: body.gender,
    hireDate: body.hireDate,
    careerStartDate: body.careerStartDate,
    leaveDate: body.leaveDate,
    weeklyHours: body.weeklyHours,
  };
}

const optionalId = z.preprocess(
  blankAsMissing,
  z
    .number({ error: 'Must be a whole number' })
    .int('Must be a whole number')
    .positive('Must be a positive id')
    .max(2_147_483_647)
    .optional(),
);
const optionalMoney = (label: string) =>
  z.preprocess(
    blankAsMissing,
    z
      .number({ error: `${label} must be a number` })
      .refine(Number.isFinite, `${label} must be a number`)
      .min(0, `${label} cannot be negative`)
      .max(1_000_000_000, `${label} is too large`)
      .optional(),
  );

/** Search by Name: trimmed, blank = no search. Matched ignoring case and accents, on the server. */
const optionalNameSearch = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v === null ? undefined : v),
  z.string({ error: 'Search by Name must be text' }).max(100, 'Search by Name is too long').optional(),
);

/**
 * Where an employee stands on the company's today: LEAVER once the leave date is past,
 * NOT_STARTED before the hire date, ACTIVE otherwise (no days: ACTIVE).
 */
export const EMPLOYMENT_STATUSES = ['ACTIVE', 'LEAVER', 'NOT_STARTED'] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];

export function employmentStatusOf(
  days: { hireDate?: string | null; leaveDate?: string | null },
  today: string,
): EmploymentStatus {
  if (days.leaveDate && days.leaveDate < today) return 'LEAVER';
  if (days.hireDate && days.hireDate > today) return 'NOT_STARTED';
  return 'ACTIVE';
}

/** The list's `status` filter (default `active`) and the employment statuses each shows. */
export const LIST_STATUSES = ['active', 'leavers', 'future', 'all'] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];
const SHOWN: Record<ListStatus, readonly EmploymentStatus[]> = {
  active: ['ACTIVE'],
  leavers: ['LEAVER'],
  future: ['NOT_STARTED'],
  all: EMPLOYMENT_STATUSES,
};
export const shownBy = (status: ListStatus | undefined, employment: EmploymentStatus): boolean =>
  SHOWN[status ?? 'active'].includes(employment);

/** GET /employees filters (technologyId and positionId; `name` is the name search). */
export const employeeListQuery = z
  .object({
    name: optionalNameSearch,
    technologyId: optionalId,
    positionId: optionalId,
    gradeId: optionalId,
    levelId: optionalId,
    salaryFrom: optionalMoney('Salary From'),
    salaryTo: optionalMoney('Salary To'),
    /** Only those whose basic wage is outside their salary band (needs showSalary). */
    outsideBand: z
      .union([z.enum(['true', 'false']), z.boolean()], { error: 'Outside band must be true or false' })
      .transform((v) => v === true || v === 'true')
      .optional(),
    /** Who is listed: active today (the default), leavers, not started yet, or all. */
    status: z.enum(LIST_STATUSES, { error: 'Status must be active, leavers, future or all' }).optional(),
  })
  .refine((q) => q.salaryFrom === undefined || q.salaryTo === undefined || q.salaryFrom <= q.salaryTo, {
    message: 'Salary From cannot be greater than Salary To',
    path: ['salaryFrom'],
  });
export type EmployeeListQuery = z.input<typeof employeeListQuery>;

export interface EmployeeFilters {
  /** Part of the name, any letter case, accents ignored ("muller" finds "Müller"). */
  name?: string;
  jobId?: number;
  positionId?: number;
  gradeId?: number;
  levelId?: number;
  salaryFrom?: number;
  salaryTo?: number;
  /** Only those below or above their salary band. */
  outsideBand?: boolean;
  /** Undefined: active. */
  status?: ListStatus;
}

export function toEmployeeFilters(q: z.output<typeof employeeListQuery>): EmployeeFilters {
  return {
    name: q.name,
    jobId: q.technologyId,
    positionId: q.positionId,
    gradeId: q.gradeId,
    levelId: q.levelId,
    salaryFrom: q.salaryFrom,
    salaryTo: q.salaryTo,
    outsideBand: q.outsideBand || undefined,
    status: q.status,
  };
}

const { name, technologyId, specializationId, gradeId, levelId, gender, ...otherViews } = fieldRules('view');

/** Read shape. The salary keys are absent, not null, for users who may not see them. */
export const employeeViewSchema = z.object({
  id: z.number().int(),
  name,
  technologyId,
  specializationId,
  gradeId,
  levelId,
  technology: namedRef,
  position: namedRef,
  grade: namedRef,
  level: namedRef,
  /** The years (derived from the hire and career start dates when set), flags and days. */
  ...otherViews,
  /** On the company's today: ACTIVE, LEAVER (leave date past) or NOT_STARTED (hire date ahead). */
  employmentStatus: z.enum(EMPLOYMENT_STATUSES),
  /** Ids of the settings' custom multipliers that apply to this employee. */
  customMultipliers: z.array(z.string()),
  /** The id of the employee this one reports to (null: no one): the reporting line today. */
  managerId: z.number().int().nullable(),
  /** Personal data: present only for admins and manageEmployee holders. */
  gender: gender.optional(),
  /** The version this record was read at (GET /employees/{id} and the write answers; not in lists). */
  version: z.number().int().optional(),
  /** Gross salary; null when no base salary is configured for the grade and level. Needs showSalary. */
  calculatedSalary: z.number().nullable().optional(),
  /** Gross + benefits + the company's social insurance; null like calculatedSalary. Needs showCost. */
  accumulatedCost: z.number().nullable().optional(),
  /**
   * The basic wage (base salary + job adjustment + own allowance) ÷ the salary band's midpoint, two decimals;
   * null like calculatedSalary. Needs showSalary.
   */
  compaRatio: z.number().nullable().optional(),
  /** Where the basic wage stands in the band: BELOW, INSIDE or ABOVE; null like calculatedSalary. Needs showSalary. */
  bandPosition: z.enum(BAND_POSITIONS).nullable().optional(),
});
export type EmployeeView = z.infer<typeof employeeViewSchema>;

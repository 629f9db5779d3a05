import type { SalaryProfile } from '@salary/salary-engine/salary-types';
import { z } from 'zod';
import { numericInput, plainText, requiredId, requiredText } from '../common/fields.ts';
import { jsonField } from '../common/json-field.ts';
import { hasAtMostTwoDecimals } from '../common/money.ts';
import { versionField } from '../common/stale-version.ts';
import { GENDERS, type Gender } from './employee-fields.ts';

/*
 * The employee record keeps the spec's wire names (technologyId = job, specializationId =
 * position; the list filter says positionId). They are mapped to job/position here and
 * nowhere else: `toEmployeeInput` is the one crossing point.
 */

const requiredYears = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : numericInput(v)),
    z
      .number({
        error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
      })
      .refine(Number.isFinite, `${label} must be a number`)
      .min(0, `${label} cannot be negative`)
      .max(100, `${label} must be at most 100`)
      .refine(hasAtMostTwoDecimals, `${label} can have at most 2 decimals`),
  );

const flag = z.boolean({ error: 'Must be true or false' }).default(false);

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

export const employeeFormBody = z.object({
  name: requiredText('Name'),
  technologyId: requiredId('Job'),
  specializationId: requiredId('Position'),
  gradeId: requiredId('Grade'),
  levelId: requiredId('Level'),
  yearsExperience: requiredYears('Years of Experience'),
  yearsWithCompany: requiredYears('Years with Company'),
  offshoreProject: flag,
  actingAsDifferentGrade: flag,
  pillar: flag,
  remote: flag,
  customMultipliers: chosenCustomMultipliers.optional(),
  /** Personal data (admins, manageEmployee); absent keeps the stored value. */
  gender: z.enum(GENDERS, { error: 'Gender must be Female, Male, Other or Undisclosed' }).optional(),
  /** PUT: the version the form was read at (a stale one answers 409); absent, the last save wins. */
  version: versionField,
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
  };
}

const optionalId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : numericInput(v)),
  z
    .number({ error: 'Must be a whole number' })
    .int('Must be a whole number')
    .positive('Must be a positive id')
    .max(2_147_483_647)
    .optional(),
);
const optionalMoney = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : numericInput(v)),
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
  };
}

const namedRef = z.object({ id: z.number().int(), name: z.string() });

/** Read shape. The salary keys are absent, not null, for users who may not see them. */
export const employeeViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  technologyId: z.number().int(),
  specializationId: z.number().int(),
  gradeId: z.number().int(),
  levelId: z.number().int(),
  technology: namedRef,
  position: namedRef,
  grade: namedRef,
  level: namedRef,
  yearsExperience: z.number(),
  yearsWithCompany: z.number(),
  offshoreProject: z.boolean(),
  actingAsDifferentGrade: z.boolean(),
  pillar: z.boolean(),
  remote: z.boolean(),
  /** Ids of the settings' custom multipliers that apply to this employee. */
  customMultipliers: z.array(z.string()),
  /** Personal data: present only for admins and manageEmployee holders. */
  gender: z.enum(GENDERS).optional(),
  /** The version this record was read at (GET /employees/{id} and the write answers; not in lists). */
  version: z.number().int().optional(),
  /** Gross salary; null when no base salary is configured for the grade and level. Needs showSalary. */
  calculatedSalary: z.number().nullable().optional(),
  /** Gross + benefits + the company's social insurance; null like calculatedSalary. Needs showCost. */
  accumulatedCost: z.number().nullable().optional(),
});
export type EmployeeView = z.infer<typeof employeeViewSchema>;

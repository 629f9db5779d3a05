import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { expect } from 'vitest';
import type { Company } from './factories.ts';
import type { TestContext } from './helper.ts';

/**
 * The Add Employee form's body for someone of `c` (its job, first position, grade and level),
 * one year of experience and one with the company unless `over` says otherwise.
 */
export function addFormFor(c: Company, over: { name: string } & Record<string, unknown>) {
  const { job, position, grade, level } = c;
  const profile = {
    technologyId: job.id,
    specializationId: position.id,
    gradeId: grade.id,
    levelId: level.id,
  };
  return { ...profile, yearsExperience: 1, yearsWithCompany: 1, ...over };
}

/** What a body without its job, position, grade and level is told, by the employee form and the calculator alike. */
export const PLACE_REQUIRED = [
  'Job is required',
  'Position is required',
  'Grade is required',
  'Level is required',
];

/** The fields the Edit Employee form loads from an employee and sends back as they are. */
export const FORM_FIELDS = [
  'name',
  'technologyId',
  'specializationId',
  'gradeId',
  'levelId',
  'yearsExperience',
  'yearsWithCompany',
  'offshoreProject',
  'actingAsDifferentGrade',
  'pillar',
  'remote',
  'customMultipliers',
] as const satisfies ReadonlyArray<keyof EmployeeView>;

export type FormFields = Pick<EmployeeView, (typeof FORM_FIELDS)[number]>;

/** The Edit Employee form's body for `e` as read, with `changes` over it. */
export function editFormOf(e: FormFields, changes: object = {}): FormFields & Record<string, unknown> {
  return { ...(Object.fromEntries(FORM_FIELDS.map((k) => [k, e[k]])) as FormFields), ...changes };
}

/** The same form carrying the version it was read at: what a save that may race sends. */
export function versionedFormOf(e: EmployeeView, changes: object = {}) {
  return editFormOf(e, { version: e.version, ...changes });
}

/** The calculator's profile of `e`: its job, position, grade, level, years and flags. */
export function calculatorProfileOf(e: Omit<FormFields, 'name'>) {
  const picked = editFormOf({ name: '', ...e });
  const {
    technologyId: jobId,
    specializationId: positionId,
    name: _n,
    customMultipliers: _c,
    ...rest
  } = picked;
  return { jobId, positionId, ...rest };
}

/** Adds an employee through POST /api/employees as the administrator; it must be created (201). */
export async function addEmployee(t: TestContext, form: Record<string, unknown>): Promise<EmployeeView> {
  const res = await t.callAsAdmin<EmployeeView>({ method: 'POST', url: '/api/employees', payload: form });
  expect(res.statusCode, res.body).toBe(201);
  return res.envelope.data;
}

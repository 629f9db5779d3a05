import type {
  EmployeeFormBody,
  EmployeeView,
  employeeFormBody,
} from '@salary/shared/employees/employee.contract';
import type { z } from 'zod';

/** What the inputs hold (selects give strings, empty number inputs ''); the shared schema turns it into the body. */
export type EmployeeFormInput = z.input<typeof employeeFormBody>;
export type EmployeeFormOutput = z.output<typeof employeeFormBody>;

export const EMPLOYEE_FORM_FIELDS = [
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
] as const satisfies readonly (keyof EmployeeFormInput)[];

/** A new employee: nothing chosen; the years are required, so they start empty rather than 0. */
export const EMPTY_EMPLOYEE_FORM: EmployeeFormInput = {
  name: '',
  technologyId: null,
  specializationId: null,
  gradeId: null,
  levelId: null,
  yearsExperience: '',
  yearsWithCompany: '',
  offshoreProject: false,
  actingAsDifferentGrade: false,
  pillar: false,
  remote: false,
  customMultipliers: [],
};

/**
 * The stored employee as form values. A custom multiplier removed from the settings since is
 * dropped: the server refuses unknown ids, and nobody could untick a checkbox that is not shown.
 */
export function employeeFormValues(
  employee: EmployeeView,
  knownMultiplierIds: ReadonlySet<string> | null,
): EmployeeFormInput {
  return {
    name: employee.name,
    technologyId: String(employee.technologyId),
    specializationId: String(employee.specializationId),
    gradeId: String(employee.gradeId),
    levelId: String(employee.levelId),
    yearsExperience: employee.yearsExperience,
    yearsWithCompany: employee.yearsWithCompany,
    offshoreProject: employee.offshoreProject,
    actingAsDifferentGrade: employee.actingAsDifferentGrade,
    pillar: employee.pillar,
    remote: employee.remote,
    customMultipliers: knownMultiplierIds
      ? employee.customMultipliers.filter((id) => knownMultiplierIds.has(id))
      : employee.customMultipliers,
  };
}

/** The request body: the checked values, with customMultipliers as a JSON string (spec §3). */
export function employeeRequestBody(values: EmployeeFormOutput): EmployeeFormBody {
  return { ...values, customMultipliers: JSON.stringify(values.customMultipliers ?? []) };
}

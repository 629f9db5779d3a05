import type {
  EmployeeFormBody,
  EmployeeView,
  employeeFormBody,
} from '@salary/shared/employees/employee.contract';
import { EMPLOYEE_FIELDS } from '@salary/shared/employees/employee-fields';
import type { z } from 'zod';

/** What the inputs hold (selects give strings, empty number inputs ''); the shared schema turns it into the body. */
export type EmployeeFormInput = z.input<typeof employeeFormBody>;
export type EmployeeFormOutput = z.output<typeof employeeFormBody>;

export const EMPLOYEE_FORM_FIELDS = [
  ...EMPLOYEE_FIELDS.map((f) => f.wire),
  'customMultipliers',
] as const satisfies readonly (keyof EmployeeFormInput)[];

/** A new employee: nothing chosen; the years are required, so they start empty rather than 0. */
export const EMPTY_EMPLOYEE_FORM = {
  ...Object.fromEntries(EMPLOYEE_FIELDS.map((f) => [f.wire, f.formDefault])),
  customMultipliers: [],
} as EmployeeFormInput;

/**
 * The stored employee as form values. A custom multiplier removed from the settings since is
 * dropped: the server refuses unknown ids, and nobody could untick a checkbox that is not shown.
 */
export function employeeFormValues(
  employee: EmployeeView,
  knownMultiplierIds: ReadonlySet<string> | null,
): EmployeeFormInput {
  const stored = employee as unknown as Record<string, unknown>;
  return {
    // The selects hold ids as strings.
    ...Object.fromEntries(
      EMPLOYEE_FIELDS.map((f) => [f.wire, f.kind === 'reference' ? String(stored[f.wire]) : stored[f.wire]]),
    ),
    customMultipliers: knownMultiplierIds
      ? employee.customMultipliers.filter((id) => knownMultiplierIds.has(id))
      : employee.customMultipliers,
  } as EmployeeFormInput;
}

/** The request body: the checked values, with customMultipliers as a JSON string. */
export function employeeRequestBody(values: EmployeeFormOutput): EmployeeFormBody {
  return { ...values, customMultipliers: JSON.stringify(values.customMultipliers ?? []) };
}

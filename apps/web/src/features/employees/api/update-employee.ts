import type { EmployeeFormBody, EmployeeView } from '@salary/shared/employees/employee.contract';
import { putById } from '../../../lib/update-request.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { employeesQueryKey } from './get-employees.ts';

/** PUT /employees/:id: the whole record, as the form holds it. */
export const updateEmployee = putById<EmployeeFormBody, EmployeeView>('/employees');

export function useUpdateEmployee() {
  return useInvalidatingMutation(updateEmployee, [employeesQueryKey]);
}

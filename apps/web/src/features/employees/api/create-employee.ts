import type { EmployeeFormBody, EmployeeView } from '@salary/shared/employees/employee.contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { employeesQueryKey } from './get-employees.ts';

/** POST /employees with the form's shape (customMultipliers as a JSON string). */
export async function createEmployee(body: EmployeeFormBody): Promise<EmployeeView> {
  return (await apiClient.post<EmployeeView>('/employees', body)).data;
}

export function useCreateEmployee() {
  return useInvalidatingMutation(createEmployee, [employeesQueryKey]);
}

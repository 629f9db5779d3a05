import type { EmployeeFormBody, EmployeeView } from '@salary/shared/employees/employee.contract';
import { apiClient } from '../../../lib/api-client.ts';
import type { UpdateRequest } from '../../../lib/update-request.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { employeesQueryKey } from './get-employees.ts';

/** PUT /employees/:id: the whole record, as the form holds it. */
export async function updateEmployee({ id, body }: UpdateRequest<EmployeeFormBody>): Promise<EmployeeView> {
  return (await apiClient.put<EmployeeView>(`/employees/${id}`, body)).data;
}

export function useUpdateEmployee() {
  return useInvalidatingMutation(updateEmployee, [employeesQueryKey]);
}

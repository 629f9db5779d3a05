import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import type { ManagerBody } from '@salary/shared/employees/reporting-line.contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { employeesQueryKey } from './get-employees.ts';

/** PUT /employees/:id/manager: whom the employee reports to (null: no one). */
export async function setManager({ id, managerId }: { id: number } & ManagerBody): Promise<EmployeeView> {
  return (await apiClient.put<EmployeeView>(`/employees/${id}/manager`, { managerId })).data;
}

export function useSetManager() {
  return useInvalidatingMutation(setManager, [employeesQueryKey]);
}

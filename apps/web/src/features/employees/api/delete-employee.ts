import { apiClient } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { employeesQueryKey } from './get-employees.ts';

/** DELETE /employees/:id (admin or deleteEmployee). */
export async function deleteEmployee(id: number): Promise<void> {
  await apiClient.delete<null>(`/employees/${id}`);
}

export function useDeleteEmployee() {
  return useInvalidatingMutation(deleteEmployee, [employeesQueryKey]);
}

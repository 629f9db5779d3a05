import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { employeesQueryKey } from './get-employees.ts';

/** DELETE /employees/:id (admin or deleteEmployee). */
export async function deleteEmployee(id: number): Promise<void> {
  await apiClient.delete<null>(`/employees/${id}`);
}

export function useDeleteEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesQueryKey }),
  });
}

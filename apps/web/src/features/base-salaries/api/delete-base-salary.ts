import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { baseSalariesQueryKey } from './get-base-salaries.ts';

/** DELETE /base-salary/:id. */
export async function deleteBaseSalary(id: number): Promise<void> {
  await apiClient.delete<null>(`/base-salary/${id}`);
}

export function useDeleteBaseSalary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBaseSalary,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: baseSalariesQueryKey }),
  });
}

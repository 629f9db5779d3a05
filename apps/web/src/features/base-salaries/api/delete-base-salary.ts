import { apiClient } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { baseSalariesQueryKey } from './get-base-salaries.ts';

/** DELETE /base-salary/:id. */
export async function deleteBaseSalary(id: number): Promise<void> {
  await apiClient.delete<null>(`/base-salary/${id}`);
}

export function useDeleteBaseSalary() {
  return useInvalidatingMutation(deleteBaseSalary, [baseSalariesQueryKey]);
}

import { apiClient } from '../../../lib/api-client.ts';
import { levelsQueryKey } from '../../../lib/salary-rules/get-levels.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

/** DELETE /levels/:id (409, naming them, while employees or base salaries use it). */
export async function deleteLevel(id: number): Promise<void> {
  await apiClient.delete<null>(`/levels/${id}`);
}

export function useDeleteLevel() {
  return useInvalidatingMutation(deleteLevel, [levelsQueryKey]);
}

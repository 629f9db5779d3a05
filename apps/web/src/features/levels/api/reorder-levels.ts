import type { Level, ReorderLevelsBody } from '@salary/shared/levels/levels.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { levelsQueryKey } from '../../../lib/salary-rules/get-levels.ts';

/** POST /levels/reorder: every {id, order} pair at once; the server applies all or none. */
export async function reorderLevels(body: ReorderLevelsBody): Promise<Level[]> {
  return (await apiClient.post<Level[]>('/levels/reorder', body)).data;
}

export function useReorderLevels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderLevels,
    // Reload even after a failure: another tab may have changed the orders under us.
    onSettled: () => queryClient.invalidateQueries({ queryKey: levelsQueryKey }),
  });
}

import type { Level, UpdateLevelBody } from '@salary/shared/levels/levels.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { levelsQueryKey } from '../../../lib/salary-rules/get-levels.ts';

/** PUT /levels/:id: name. Levels are never deleted (spec §2). */
export async function updateLevel({ id, body }: { id: number; body: UpdateLevelBody }): Promise<Level> {
  return (await apiClient.put<Level>(`/levels/${id}`, body)).data;
}

export function useUpdateLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLevel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: levelsQueryKey }),
  });
}

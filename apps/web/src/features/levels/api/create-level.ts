import type { CreateLevelBody, Level } from '@salary/shared/levels/levels.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { levelsQueryKey } from '../../../lib/salary-rules/get-levels.ts';

/** POST /levels: name. */
export async function createLevel(body: CreateLevelBody): Promise<Level> {
  return (await apiClient.post<Level>('/levels', body)).data;
}

export function useCreateLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLevel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: levelsQueryKey }),
  });
}

import type { CreateLevelBody, Level } from '@salary/shared/levels/levels.contract';
import { apiClient } from '../../../lib/api-client.ts';
import { levelsQueryKey } from '../../../lib/salary-rules/get-levels.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

/** POST /levels: name. */
export async function createLevel(body: CreateLevelBody): Promise<Level> {
  return (await apiClient.post<Level>('/levels', body)).data;
}

export function useCreateLevel() {
  return useInvalidatingMutation(createLevel, [levelsQueryKey]);
}

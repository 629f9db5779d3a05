import type { Level, UpdateLevelBody } from '@salary/shared/levels/levels.contract';
import { apiClient } from '../../../lib/api-client.ts';
import { levelsQueryKey } from '../../../lib/salary-rules/get-levels.ts';
import type { UpdateRequest } from '../../../lib/update-request.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

/** PUT /levels/:id: name. Levels are never deleted (spec §2). */
export async function updateLevel({ id, body }: UpdateRequest<UpdateLevelBody>): Promise<Level> {
  return (await apiClient.put<Level>(`/levels/${id}`, body)).data;
}

export function useUpdateLevel() {
  return useInvalidatingMutation(updateLevel, [levelsQueryKey]);
}

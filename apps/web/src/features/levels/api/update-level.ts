import type { Level, UpdateLevelBody } from '@salary/shared/levels/levels.contract';
import { levelsQueryKey } from '../../../lib/salary-rules/get-levels.ts';
import { putById } from '../../../lib/update-request.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

/** PUT /levels/:id: name. Levels are never deleted. */
export const updateLevel = putById<UpdateLevelBody, Level>('/levels');

export function useUpdateLevel() {
  return useInvalidatingMutation(updateLevel, [levelsQueryKey]);
}

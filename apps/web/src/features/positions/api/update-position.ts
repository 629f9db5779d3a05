import type { Position, UpdatePositionBody } from '@salary/shared/positions/positions.contract';
import { jobsQueryKey } from '../../../lib/salary-rules/get-jobs.ts';
import { positionsQueryKey } from '../../../lib/salary-rules/get-positions.ts';
import { putById } from '../../../lib/update-request.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

/** PUT /positions/:id: name and jobId; a new jobId moves the position to that job. */
export const updatePosition = putById<UpdatePositionBody, Position>('/positions');

export function useUpdatePosition() {
  return useInvalidatingMutation(updatePosition, [positionsQueryKey, jobsQueryKey]);
}

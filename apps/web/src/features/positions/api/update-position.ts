import type { Position, UpdatePositionBody } from '@salary/shared/positions/positions.contract';
import { apiClient } from '../../../lib/api-client.ts';
import { jobsQueryKey } from '../../../lib/salary-rules/get-jobs.ts';
import { positionsQueryKey } from '../../../lib/salary-rules/get-positions.ts';
import type { UpdateRequest } from '../../../lib/update-request.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

/** PUT /positions/:id: name and jobId; a new jobId moves the position to that job. */
export async function updatePosition({ id, body }: UpdateRequest<UpdatePositionBody>): Promise<Position> {
  return (await apiClient.put<Position>(`/positions/${id}`, body)).data;
}

export function useUpdatePosition() {
  return useInvalidatingMutation(updatePosition, [positionsQueryKey, jobsQueryKey]);
}

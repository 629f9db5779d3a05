import type { CreatePositionBody, Position } from '@salary/shared/positions/positions.contract';
import { apiClient } from '../../../lib/api-client.ts';
import { jobsQueryKey } from '../../../lib/salary-rules/get-jobs.ts';
import { positionsQueryKey } from '../../../lib/salary-rules/get-positions.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

/** POST /positions: name, jobId. */
export async function createPosition(body: CreatePositionBody): Promise<Position> {
  return (await apiClient.post<Position>('/positions', body)).data;
}

export function useCreatePosition() {
  // The Jobs list counts positions per job.
  return useInvalidatingMutation(createPosition, [positionsQueryKey, jobsQueryKey]);
}

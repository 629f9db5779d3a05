import type { CreatePositionBody, Position } from '@salary/shared/positions/positions.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { jobsQueryKey } from '../../../lib/salary-rules/get-jobs.ts';
import { positionsQueryKey } from '../../../lib/salary-rules/get-positions.ts';

/** POST /positions: name, jobId. */
export async function createPosition(body: CreatePositionBody): Promise<Position> {
  return (await apiClient.post<Position>('/positions', body)).data;
}

export function useCreatePosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPosition,
    // The Jobs list counts positions per job.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: positionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
      ]),
  });
}

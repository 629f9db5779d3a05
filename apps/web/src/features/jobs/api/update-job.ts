import type { Job, UpdateJobBody } from '@salary/shared/jobs/jobs.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { jobsQueryKey } from '../../../lib/salary-rules/get-jobs.ts';
import { positionsQueryKey } from '../../../lib/salary-rules/get-positions.ts';

/** PUT /jobs/:id: a job is only renamed. */
export async function updateJob({ id, body }: { id: number; body: UpdateJobBody }): Promise<Job> {
  return (await apiClient.put<Job>(`/jobs/${id}`, body)).data;
}

export function useUpdateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateJob,
    // Positions carry their job's name, so their lists are stale too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
        queryClient.invalidateQueries({ queryKey: positionsQueryKey }),
      ]),
  });
}

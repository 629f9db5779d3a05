import type { Job, UpdateJobBody } from '@salary/shared/jobs/jobs.contract';
import { apiClient } from '../../../lib/api-client.ts';
import { jobsQueryKey } from '../../../lib/salary-rules/get-jobs.ts';
import { positionsQueryKey } from '../../../lib/salary-rules/get-positions.ts';
import type { UpdateRequest } from '../../../lib/update-request.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

/** PUT /jobs/:id: a job is only renamed. */
export async function updateJob({ id, body }: UpdateRequest<UpdateJobBody>): Promise<Job> {
  return (await apiClient.put<Job>(`/jobs/${id}`, body)).data;
}

export function useUpdateJob() {
  // Positions carry their job's name, so their lists are stale too.
  return useInvalidatingMutation(updateJob, [jobsQueryKey, positionsQueryKey]);
}

import type { Job, UpdateJobBody } from '@salary/shared/jobs/jobs.contract';
import { jobsQueryKey } from '../../../lib/salary-rules/get-jobs.ts';
import { positionsQueryKey } from '../../../lib/salary-rules/get-positions.ts';
import { putById } from '../../../lib/update-request.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

/** PUT /jobs/:id: a job is only renamed. */
export const updateJob = putById<UpdateJobBody, Job>('/jobs');

export function useUpdateJob() {
  // Positions carry their job's name, so their lists are stale too.
  return useInvalidatingMutation(updateJob, [jobsQueryKey, positionsQueryKey]);
}

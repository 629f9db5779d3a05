import type { CreateJobBody, Job } from '@salary/shared/jobs/jobs.contract';
import { apiClient } from '../../../lib/api-client.ts';
import { jobsQueryKey } from '../../../lib/salary-rules/get-jobs.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

/** POST /jobs: name. */
export async function createJob(body: CreateJobBody): Promise<Job> {
  return (await apiClient.post<Job>('/jobs', body)).data;
}

export function useCreateJob() {
  return useInvalidatingMutation(createJob, [jobsQueryKey]);
}

import type { CreateJobBody, Job } from '@salary/shared/jobs/jobs.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { jobsQueryKey } from '../../../lib/salary-rules/get-jobs.ts';

/** POST /jobs: name. */
export async function createJob(body: CreateJobBody): Promise<Job> {
  return (await apiClient.post<Job>('/jobs', body)).data;
}

export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
  });
}

import { type Job, jobSchema } from '@salary/shared/jobs/jobs.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';

// The calculator's own keys: features never share cache entries, so no shape can clash.
export const calculatorJobsQueryKey = ['calculator', 'jobs'] as const;

/** GET /jobs: the Job select's options. */
export async function getJobs(signal?: AbortSignal): Promise<Job[]> {
  const envelope = await apiClient.get<unknown>('/jobs', { signal });
  return z.array(jobSchema).parse(envelope.data);
}

export function jobsQueryOptions() {
  // Read on every visit: rules may have changed in Settings since.
  return queryOptions({
    queryKey: calculatorJobsQueryKey,
    queryFn: ({ signal }) => getJobs(signal),
    staleTime: 0,
  });
}

export function useJobs() {
  return useQuery(jobsQueryOptions());
}

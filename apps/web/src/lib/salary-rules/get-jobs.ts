import { type Job, jobSchema } from '@salary/shared/jobs/jobs.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../api-client.ts';

// Jobs feed several screens (the Jobs section, job selectors on Positions, Adjustment Factors,
// employees, calculator), so the read lives here and every screen shares one cache entry.
export const jobsQueryKey = ['jobs'] as const;

const jobList = z.array(jobSchema);

/** GET /jobs: every job by name, each with its number of positions. */
export async function getJobs(signal?: AbortSignal): Promise<Job[]> {
  return jobList.parse((await apiClient.get<unknown>('/jobs', { signal })).data);
}

export function jobsQueryOptions() {
  return queryOptions({ queryKey: jobsQueryKey, queryFn: ({ signal }) => getJobs(signal) });
}

/** Settings lists load on every entry (spec §4), so a section passes `refetchOnMount: 'always'`. */
export function useJobs(options: { refetchOnMount?: boolean | 'always' } = {}) {
  return useQuery({ ...jobsQueryOptions(), ...options });
}

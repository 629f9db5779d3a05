import { jobSchema } from '@salary/shared/jobs/jobs.contract';
import { listQuery } from '../list-query.ts';

// Jobs feed several screens (the Jobs section, job selectors on Positions, Adjustment Factors,
// employees, calculator), so the read lives here and every screen shares one cache entry.
export const jobsQueryKey = ['jobs'] as const;

const jobs = listQuery('/jobs', jobSchema, jobsQueryKey);

/** GET /jobs: every job by name, each with its number of positions. */
export const getJobs = jobs.fetchList;
export const jobsQueryOptions = jobs.listOptions;
export const useJobs = jobs.useList;

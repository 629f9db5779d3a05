import type { Evaluation } from '@salary/shared/job-evaluation/job-evaluation.contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export const jobEvaluationQueryKey = ['job-evaluation'] as const;
/** The pay report's categories follow the scores: its queries go stale with them. */
export const payReportQueryKey = ['pay-transparency'] as const;

/** GET /job-evaluation: every job and position with its scores and band, the weights and band width. */
export async function getJobEvaluation(signal?: AbortSignal): Promise<Evaluation> {
  return (await apiClient.get<Evaluation>('/job-evaluation', { signal })).data;
}

export const jobEvaluationQueryOptions = () =>
  queryOptions({ queryKey: jobEvaluationQueryKey, queryFn: ({ signal }) => getJobEvaluation(signal) });

export function useJobEvaluation() {
  return useQuery(jobEvaluationQueryOptions());
}

/** After a refused write (a stale version above all): read what the server has now. */
export function useReloadJobEvaluation() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: jobEvaluationQueryKey });
}

import type { Score, ScoreInput } from '@salary/shared/job-evaluation/job-evaluation.contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { jobEvaluationQueryKey, payReportQueryKey } from './get-job-evaluation.ts';

export interface ScoreTarget {
  kind: 'job' | 'position';
  id: number;
}

const pathOf = (target: ScoreTarget) =>
  target.kind === 'job' ? `/job-evaluation/jobs/${target.id}` : `/job-evaluation/positions/${target.id}`;

/** PUT /job-evaluation/jobs/{id} or /positions/{id}: the four scores and the version read (none for a first). */
export async function saveScore({
  target,
  scores,
}: {
  target: ScoreTarget;
  scores: ScoreInput;
}): Promise<Score> {
  return (await apiClient.put<Score>(pathOf(target), scores)).data;
}

/** DELETE the job's or position's score (`version` as read). */
export async function removeScore({
  target,
  version,
}: {
  target: ScoreTarget;
  version: number;
}): Promise<void> {
  await apiClient.delete(pathOf(target), { query: { version } });
}

export const useSaveScore = () =>
  useInvalidatingMutation(saveScore, [jobEvaluationQueryKey, payReportQueryKey]);
export const useRemoveScore = () =>
  useInvalidatingMutation(removeScore, [jobEvaluationQueryKey, payReportQueryKey]);

import type {
  EvaluationSettings,
  EvaluationSettingsInput,
} from '@salary/shared/job-evaluation/job-evaluation.contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { jobEvaluationQueryKey, payReportQueryKey } from './get-job-evaluation.ts';

/** PUT /job-evaluation/settings: the weights and band width with the version read. */
export async function saveEvaluationSettings(body: EvaluationSettingsInput): Promise<EvaluationSettings> {
  return (await apiClient.put<EvaluationSettings>('/job-evaluation/settings', body)).data;
}

export const useSaveEvaluationSettings = () =>
  useInvalidatingMutation(saveEvaluationSettings, [jobEvaluationQueryKey, payReportQueryKey]);

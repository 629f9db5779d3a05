import type {
  AdjustmentFactor,
  CreateAdjustmentFactorBody,
} from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { adjustmentFactorsQueryKey } from './get-adjustment-factors.ts';

/** POST /adjustment-factors: jobId, positionId, factor (a fraction for PERCENTAGE), type. */
export async function createAdjustmentFactor(body: CreateAdjustmentFactorBody): Promise<AdjustmentFactor> {
  return (await apiClient.post<AdjustmentFactor>('/adjustment-factors', body)).data;
}

export function useCreateAdjustmentFactor() {
  return useInvalidatingMutation(createAdjustmentFactor, [adjustmentFactorsQueryKey]);
}

import type {
  AdjustmentFactor,
  CreateAdjustmentFactorBody,
} from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { adjustmentFactorsQueryKey } from './get-adjustment-factors.ts';

/** POST /adjustment-factors: jobId, positionId, factor (a fraction for PERCENTAGE), type. */
export async function createAdjustmentFactor(body: CreateAdjustmentFactorBody): Promise<AdjustmentFactor> {
  return (await apiClient.post<AdjustmentFactor>('/adjustment-factors', body)).data;
}

export function useCreateAdjustmentFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdjustmentFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adjustmentFactorsQueryKey }),
  });
}

import type {
  AdjustmentFactor,
  UpdateAdjustmentFactorBody,
} from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { apiClient } from '../../../lib/api-client.ts';
import type { UpdateRequest } from '../../../lib/update-request.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { adjustmentFactorsQueryKey } from './get-adjustment-factors.ts';

/** PUT /adjustment-factors/:id: all four fields, as the inline form holds them. */
export async function updateAdjustmentFactor({
  id,
  body,
}: UpdateRequest<UpdateAdjustmentFactorBody>): Promise<AdjustmentFactor> {
  return (await apiClient.put<AdjustmentFactor>(`/adjustment-factors/${id}`, body)).data;
}

export function useUpdateAdjustmentFactor() {
  return useInvalidatingMutation(updateAdjustmentFactor, [adjustmentFactorsQueryKey]);
}

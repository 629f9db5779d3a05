import type {
  AdjustmentFactor,
  UpdateAdjustmentFactorBody,
} from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { adjustmentFactorsQueryKey } from './get-adjustment-factors.ts';

/** PUT /adjustment-factors/:id: all four fields, as the inline form holds them. */
export async function updateAdjustmentFactor({
  id,
  body,
}: {
  id: number;
  body: UpdateAdjustmentFactorBody;
}): Promise<AdjustmentFactor> {
  return (await apiClient.put<AdjustmentFactor>(`/adjustment-factors/${id}`, body)).data;
}

export function useUpdateAdjustmentFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdjustmentFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adjustmentFactorsQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { adjustmentFactorsQueryKey } from './get-adjustment-factors.ts';

/** DELETE /adjustment-factors/:id. */
export async function deleteAdjustmentFactor(id: number): Promise<void> {
  await apiClient.delete<null>(`/adjustment-factors/${id}`);
}

export function useDeleteAdjustmentFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdjustmentFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adjustmentFactorsQueryKey }),
  });
}

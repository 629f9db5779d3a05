import { apiClient } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { adjustmentFactorsQueryKey } from './get-adjustment-factors.ts';

/** DELETE /adjustment-factors/:id. */
export async function deleteAdjustmentFactor(id: number): Promise<void> {
  await apiClient.delete<null>(`/adjustment-factors/${id}`);
}

export function useDeleteAdjustmentFactor() {
  return useInvalidatingMutation(deleteAdjustmentFactor, [adjustmentFactorsQueryKey]);
}

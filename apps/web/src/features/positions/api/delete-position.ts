import { apiClient } from '../../../lib/api-client.ts';
import { jobsQueryKey } from '../../../lib/salary-rules/get-jobs.ts';
import { positionsQueryKey } from '../../../lib/salary-rules/get-positions.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

/** DELETE /positions/:id: its adjustment factor goes with it (409 while employees use it). */
export async function deletePosition(id: number): Promise<void> {
  await apiClient.delete<null>(`/positions/${id}`);
}

export function useDeletePosition() {
  return useInvalidatingMutation(deletePosition, [positionsQueryKey, jobsQueryKey]);
}

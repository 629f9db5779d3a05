import { apiClient } from '../../../lib/api-client.ts';
import { jobsQueryKey } from '../../../lib/salary-rules/get-jobs.ts';
import { positionsQueryKey } from '../../../lib/salary-rules/get-positions.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

/** DELETE /jobs/:id: the server removes its positions and factors with it (409 while employees use it). */
export async function deleteJob(id: number): Promise<void> {
  await apiClient.delete<null>(`/jobs/${id}`);
}

export function useDeleteJob() {
  return useInvalidatingMutation(deleteJob, [jobsQueryKey, positionsQueryKey]);
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { jobsQueryKey } from '../../../lib/salary-rules/get-jobs.ts';
import { positionsQueryKey } from '../../../lib/salary-rules/get-positions.ts';

/** DELETE /jobs/:id: the server removes its positions and factors with it (409 while employees use it). */
export async function deleteJob(id: number): Promise<void> {
  await apiClient.delete<null>(`/jobs/${id}`);
}

export function useDeleteJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJob,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
        queryClient.invalidateQueries({ queryKey: positionsQueryKey }),
      ]),
  });
}

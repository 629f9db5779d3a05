import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { jobsQueryKey } from '../../../lib/salary-rules/get-jobs.ts';
import { positionsQueryKey } from '../../../lib/salary-rules/get-positions.ts';

/** DELETE /positions/:id: its adjustment factor goes with it (409 while employees use it). */
export async function deletePosition(id: number): Promise<void> {
  await apiClient.delete<null>(`/positions/${id}`);
}

export function useDeletePosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePosition,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: positionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
      ]),
  });
}

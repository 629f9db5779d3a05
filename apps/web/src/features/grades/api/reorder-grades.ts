import type { Grade, ReorderGradesBody } from '@salary/shared/grades/grades.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { gradesQueryKey } from '../../../lib/salary-rules/get-grades.ts';

/** POST /grades/reorder: every {id, order} pair at once; the server applies all or none. */
export async function reorderGrades(body: ReorderGradesBody): Promise<Grade[]> {
  return (await apiClient.post<Grade[]>('/grades/reorder', body)).data;
}

export function useReorderGrades() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderGrades,
    // Reload even after a failure: another tab may have changed the orders under us.
    onSettled: () => queryClient.invalidateQueries({ queryKey: gradesQueryKey }),
  });
}

import { apiClient } from '../../../lib/api-client.ts';
import { gradesQueryKey } from '../../../lib/salary-rules/get-grades.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

/** DELETE /grades/:id (409, naming them, while employees or base salaries use it). */
export async function deleteGrade(id: number): Promise<void> {
  await apiClient.delete<null>(`/grades/${id}`);
}

export function useDeleteGrade() {
  return useInvalidatingMutation(deleteGrade, [gradesQueryKey]);
}

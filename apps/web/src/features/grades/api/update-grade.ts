import type { Grade, UpdateGradeBody } from '@salary/shared/grades/grades.contract';
import { apiClient } from '../../../lib/api-client.ts';
import { gradesQueryKey } from '../../../lib/salary-rules/get-grades.ts';
import type { UpdateRequest } from '../../../lib/update-request.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

/** PUT /grades/:id: the modal renames; the order changes through reorder. */
export async function updateGrade({ id, body }: UpdateRequest<UpdateGradeBody>): Promise<Grade> {
  return (await apiClient.put<Grade>(`/grades/${id}`, body)).data;
}

export function useUpdateGrade() {
  return useInvalidatingMutation(updateGrade, [gradesQueryKey]);
}

import type { Grade, UpdateGradeBody } from '@salary/shared/grades/grades.contract';
import { gradesQueryKey } from '../../../lib/salary-rules/get-grades.ts';
import { putById } from '../../../lib/update-request.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

/** PUT /grades/:id: the modal renames; the order changes through reorder. */
export const updateGrade = putById<UpdateGradeBody, Grade>('/grades');

export function useUpdateGrade() {
  return useInvalidatingMutation(updateGrade, [gradesQueryKey]);
}

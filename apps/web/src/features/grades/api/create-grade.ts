import type { CreateGradeBody, Grade } from '@salary/shared/grades/grades.contract';
import { apiClient } from '../../../lib/api-client.ts';
import { gradesQueryKey } from '../../../lib/salary-rules/get-grades.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

/** POST /grades: name; without an order the server puts it last (order = current count). */
export async function createGrade(body: CreateGradeBody): Promise<Grade> {
  return (await apiClient.post<Grade>('/grades', body)).data;
}

export function useCreateGrade() {
  return useInvalidatingMutation(createGrade, [gradesQueryKey]);
}

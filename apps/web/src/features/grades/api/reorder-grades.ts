import type { Grade } from '@salary/shared/grades/grades.contract';
import { gradesQueryKey } from '../../../lib/salary-rules/get-grades.ts';
import { useReorderList } from '../../../lib/salary-rules/reorder-list.ts';

/** POST /grades/reorder: every {id, order} pair at once; the server applies all or none. */
export const useReorderGrades = () => useReorderList<Grade>('grades', gradesQueryKey);

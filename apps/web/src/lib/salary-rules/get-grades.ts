import { gradeSchema } from '@salary/shared/grades/grades.contract';
import { listQuery } from '../list-query.ts';

// Shared by the Grades section, the base-salary form and employee/calculator selectors.
export const gradesQueryKey = ['grades'] as const;

const grades = listQuery('/grades', gradeSchema, gradesQueryKey);

/** GET /grades: every grade by order ascending. */
export const getGrades = grades.fetchList;
export const gradesQueryOptions = grades.listOptions;
export const useGrades = grades.useList;

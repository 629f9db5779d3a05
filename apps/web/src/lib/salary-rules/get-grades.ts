import { type Grade, gradeSchema } from '@salary/shared/grades/grades.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../api-client.ts';

// Shared by the Grades section, the base-salary form and employee/calculator selectors.
export const gradesQueryKey = ['grades'] as const;

const gradeList = z.array(gradeSchema);

/** GET /grades: every grade by order ascending (spec §9). */
export async function getGrades(signal?: AbortSignal): Promise<Grade[]> {
  return gradeList.parse((await apiClient.get<unknown>('/grades', { signal })).data);
}

export function gradesQueryOptions() {
  return queryOptions({ queryKey: gradesQueryKey, queryFn: ({ signal }) => getGrades(signal) });
}

export function useGrades(options: { refetchOnMount?: boolean | 'always' } = {}) {
  return useQuery({ ...gradesQueryOptions(), ...options });
}

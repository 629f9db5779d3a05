import { type Grade, gradeSchema } from '@salary/shared/grades/grades.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /grades, in their order (spec §9: sorted by order ascending). */
export async function getGrades(signal?: AbortSignal): Promise<Grade[]> {
  const envelope = await apiClient.get<unknown>('/grades', { signal });
  return z
    .array(gradeSchema)
    .parse(envelope.data)
    .sort((a, b) => a.order - b.order);
}

export function gradesQueryOptions() {
  return queryOptions({
    queryKey: ['calculator', 'grades'] as const,
    queryFn: ({ signal }) => getGrades(signal),
    staleTime: 0,
  });
}

export function useGrades() {
  return useQuery(gradesQueryOptions());
}

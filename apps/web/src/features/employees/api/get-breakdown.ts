import type { Breakdown } from '@salary/shared/insights/insights.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { employeesQueryKey } from './get-employees.ts';

/** GET /employees/{id}/breakdown: "Why this salary?" (showSalary; cost lines with showCost). */
export async function getBreakdown(id: number, signal?: AbortSignal): Promise<Breakdown> {
  return (await apiClient.get<Breakdown>(`/employees/${id}/breakdown`, { signal })).data;
}

export function breakdownQueryOptions(id: number) {
  // Under the employees key: any employee write reloads it with the list.
  return queryOptions({
    queryKey: [...employeesQueryKey, 'breakdown', id] as const,
    queryFn: ({ signal }) => getBreakdown(id, signal),
  });
}

export function useBreakdown(id: number) {
  return useQuery({ ...breakdownQueryOptions(id), refetchOnMount: 'always' });
}

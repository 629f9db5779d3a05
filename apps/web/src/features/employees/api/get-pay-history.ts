import type { PayHistoryRow } from '@salary/shared/audit/audit.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /employees/:id/history: gross with showSalary, cost with showCost. */
export async function getPayHistory(id: number, signal?: AbortSignal): Promise<PayHistoryRow[]> {
  return (await apiClient.get<PayHistoryRow[]>(`/employees/${id}/history`, { signal })).data;
}

export function payHistoryQueryOptions(id: number) {
  // Under the employees key: any employee write refreshes it with the list.
  return queryOptions({
    queryKey: ['employees', 'history', id] as const,
    queryFn: ({ signal }) => getPayHistory(id, signal),
    staleTime: 0,
  });
}

export function usePayHistory(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...payHistoryQueryOptions(id), enabled: options.enabled ?? true });
}

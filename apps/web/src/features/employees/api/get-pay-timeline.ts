import type { PayPeriod } from '@salary/shared/employees/dated.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { employeesQueryKey } from './get-employees.ts';

/** GET /employees/:id/pay-timeline: gross with showSalary, cost with showCost (403 with neither). */
export async function getPayTimeline(id: number, signal?: AbortSignal): Promise<PayPeriod[]> {
  return (await apiClient.get<PayPeriod[]>(`/employees/${id}/pay-timeline`, { signal })).data;
}

export function payTimelineQueryOptions(id: number) {
  // Under the employees key: any employee write (or a cancelled change) reloads it.
  return queryOptions({
    queryKey: [...employeesQueryKey, 'pay-timeline', id] as const,
    queryFn: ({ signal }) => getPayTimeline(id, signal),
    staleTime: 0,
  });
}

export function usePayTimeline(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...payTimelineQueryOptions(id), enabled: options.enabled ?? true });
}

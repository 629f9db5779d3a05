import type { CategoryKind, PayReport } from '@salary/shared/pay-transparency/pay-transparency.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export const payReportQueryKey = ['pay-transparency'] as const;

/** GET /pay-transparency?category=… */
export async function getPayReport(category: CategoryKind, signal?: AbortSignal): Promise<PayReport> {
  return (await apiClient.get<PayReport>('/pay-transparency', { query: { category }, signal })).data;
}

export function payReportQueryOptions(category: CategoryKind) {
  return queryOptions({
    queryKey: [...payReportQueryKey, category] as const,
    queryFn: ({ signal }) => getPayReport(category, signal),
    staleTime: 0,
  });
}

export function usePayReport(category: CategoryKind) {
  return useQuery(payReportQueryOptions(category));
}

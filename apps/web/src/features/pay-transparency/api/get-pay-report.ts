import type { CategoryKind, PayReport } from '@salary/shared/pay-transparency/pay-transparency.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export const payReportQueryKey = ['pay-transparency'] as const;

/** GET /pay-transparency?category=…&asOf=… (asOf absent: today). */
export async function getPayReport(
  category: CategoryKind,
  signal?: AbortSignal,
  asOf?: string,
): Promise<PayReport> {
  return (await apiClient.get<PayReport>('/pay-transparency', { query: { category, asOf }, signal })).data;
}

export function payReportQueryOptions(category: CategoryKind, asOf?: string) {
  return queryOptions({
    queryKey:
      asOf === undefined
        ? ([...payReportQueryKey, category] as const)
        : [...payReportQueryKey, category, asOf],
    queryFn: ({ signal }) => getPayReport(category, signal, asOf),
    staleTime: 0,
  });
}

export function usePayReport(category: CategoryKind, asOf?: string) {
  return useQuery(payReportQueryOptions(category, asOf));
}

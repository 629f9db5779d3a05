import type { CategoryKind, PayReport } from '@salary/shared/pay-transparency/pay-transparency.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export const payReportQueryKey = ['pay-transparency'] as const;

/** What the report covers: a calendar year, or a day (absent: today). */
export interface ReportScope {
  asOf?: string;
  year?: number;
}

/** GET /pay-transparency?category=…&asOf=… or …&year=… (neither: as of today). */
export async function getPayReport(
  category: CategoryKind,
  signal?: AbortSignal,
  scope: ReportScope = {},
): Promise<PayReport> {
  const query = {
    category,
    asOf: scope.asOf,
    year: scope.year === undefined ? undefined : String(scope.year),
  };
  return (await apiClient.get<PayReport>('/pay-transparency', { query, signal })).data;
}

export function payReportQueryOptions(category: CategoryKind, scope: ReportScope = {}) {
  return queryOptions({
    queryKey:
      scope.asOf === undefined && scope.year === undefined
        ? ([...payReportQueryKey, category] as const)
        : [...payReportQueryKey, category, scope.year ?? scope.asOf],
    queryFn: ({ signal }) => getPayReport(category, signal, scope),
    staleTime: 0,
  });
}

export function usePayReport(category: CategoryKind, scope: ReportScope = {}) {
  return useQuery(payReportQueryOptions(category, scope));
}

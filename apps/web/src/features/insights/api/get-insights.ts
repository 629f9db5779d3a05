import type { InsightChart, Insights } from '@salary/shared/insights/insights.contract';
import { insightsFileName } from '@salary/shared/insights/insights.contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import type { DirectoryFilters } from '../../../lib/directory-filters.ts';
import { downloadFile } from '../../../lib/download-file.ts';
import { reloadOnVisit, useOpeningVisit } from '../../../lib/opening-data.ts';

/** The directory's filters and the As of day (absent: today). */
export type InsightsQuery = DirectoryFilters & { asOf?: string };

/** GET /insights with the directory's filters (and As of day): every figure aggregated on the server. */
export async function getInsights(filters: InsightsQuery, signal?: AbortSignal): Promise<Insights> {
  return (await apiClient.get<Insights>('/insights', { query: { ...filters }, signal })).data;
}

export function insightsQueryOptions(filters: InsightsQuery) {
  return queryOptions({
    queryKey: ['insights', filters] as const,
    queryFn: ({ signal }) => getInsights(filters, signal),
  });
}

export function useInsights(filters: InsightsQuery) {
  const options = insightsQueryOptions(filters);
  useOpeningVisit(options.queryKey);
  // Salaries follow the rules, which other screens change: reload on every visit (the first
  // visit's answer may be the one asked for at start).
  return useQuery({ ...options, refetchOnMount: reloadOnVisit });
}

/** GET /insights/export/{chart}: one chart's data as .xlsx, same filters and day. */
export function useDownloadChart(filters: InsightsQuery) {
  return useMutation({
    mutationFn: (chart: InsightChart) =>
      downloadFile(`/insights/export/${chart}`, insightsFileName(chart), { ...filters }),
  });
}

import type { InsightChart, Insights } from '@salary/shared/insights/insights.contract';
import { insightsFileName } from '@salary/shared/insights/insights.contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import type { DirectoryFilters } from '../../../lib/directory-filters.ts';
import { downloadFile } from '../../../lib/download-file.ts';
import { reloadOnVisit, useOpeningVisit } from '../../../lib/opening-data.ts';

/** GET /insights with the directory's filters: every figure aggregated on the server. */
export async function getInsights(filters: DirectoryFilters, signal?: AbortSignal): Promise<Insights> {
  return (await apiClient.get<Insights>('/insights', { query: { ...filters }, signal })).data;
}

export function insightsQueryOptions(filters: DirectoryFilters) {
  return queryOptions({
    queryKey: ['insights', filters] as const,
    queryFn: ({ signal }) => getInsights(filters, signal),
  });
}

export function useInsights(filters: DirectoryFilters) {
  const options = insightsQueryOptions(filters);
  useOpeningVisit(options.queryKey);
  // Salaries follow the rules, which other screens change: reload on every visit (the first
  // visit's answer may be the one asked for at start).
  return useQuery({ ...options, refetchOnMount: reloadOnVisit });
}

/** GET /insights/export/{chart}: one chart's data as .xlsx, same filters. */
export function useDownloadChart(filters: DirectoryFilters) {
  return useMutation({
    mutationFn: (chart: InsightChart) =>
      downloadFile(`/insights/export/${chart}`, insightsFileName(chart), { ...filters }),
  });
}

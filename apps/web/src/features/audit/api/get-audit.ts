import type { AuditPage } from '@salary/shared/audit/audit.contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export interface AuditFilterValues {
  entityType?: string;
  /** Part of the record's name as the entries show it ("Ana Lima", "Junior / L1"). */
  record?: string;
  actor?: string;
  from?: string;
  to?: string;
  /** Start below this entry id (a pay-history row links to its cause this way). */
  start?: number;
}

export const AUDIT_PAGE_SIZE = 25;

/** GET /audit: one keyset page, newest first. */
export async function getAuditPage(
  filters: AuditFilterValues,
  before: number | undefined,
  signal?: AbortSignal,
): Promise<AuditPage> {
  return (
    await apiClient.get<AuditPage>('/audit', {
      query: { ...filters, before, limit: AUDIT_PAGE_SIZE },
      signal,
    })
  ).data;
}

export function auditQueryOptions(filters: AuditFilterValues) {
  return infiniteQueryOptions({
    queryKey: ['audit', filters] as const,
    queryFn: ({ pageParam, signal }) => {
      const { start: _start, ...query } = filters;
      return getAuditPage(query, pageParam, signal);
    },
    initialPageParam: filters.start as number | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
}

export function useAuditLog(filters: AuditFilterValues) {
  return useInfiniteQuery(auditQueryOptions(filters));
}

import { type QueryKey, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from './api-client.ts';

/** Settings lists load on every entry, so a section passes `refetchOnMount: 'always'`. */
export interface ListQueryOptions {
  refetchOnMount?: boolean | 'always';
  /** false: not asked for yet (a list only some states of a page need). */
  enabled?: boolean;
}

/**
 * A GET that answers a whole list, every row checked by `rowSchema`: the fetcher, its
 * queryOptions and the hook, which the endpoint's file exports under its own names.
 */
export function listQuery<Row, Key extends QueryKey>(path: string, rowSchema: z.ZodType<Row>, queryKey: Key) {
  const listSchema = z.array(rowSchema);

  async function fetchList(signal?: AbortSignal): Promise<Row[]> {
    return listSchema.parse((await apiClient.get<unknown>(path, { signal })).data);
  }

  function listOptions() {
    return queryOptions({ queryKey, queryFn: ({ signal }) => fetchList(signal) });
  }

  function useList(options: ListQueryOptions = {}) {
    return useQuery({ ...listOptions(), ...options });
  }

  return { fetchList, listOptions, useList };
}

import { type Level, levelSchema } from '@salary/shared/levels/levels.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /levels, in the order they were created. */
export async function getLevels(signal?: AbortSignal): Promise<Level[]> {
  const envelope = await apiClient.get<unknown>('/levels', { signal });
  return z.array(levelSchema).parse(envelope.data);
}

export function levelsQueryOptions() {
  return queryOptions({
    queryKey: ['calculator', 'levels'] as const,
    queryFn: ({ signal }) => getLevels(signal),
    staleTime: 0,
  });
}

export function useLevels() {
  return useQuery(levelsQueryOptions());
}

import { type Level, levelSchema } from '@salary/shared/levels/levels.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../api-client.ts';

// Shared by the Levels section, the base-salary form and employee/calculator selectors.
export const levelsQueryKey = ['levels'] as const;

const levelList = z.array(levelSchema);

/** GET /levels: every level in creation order. */
export async function getLevels(signal?: AbortSignal): Promise<Level[]> {
  return levelList.parse((await apiClient.get<unknown>('/levels', { signal })).data);
}

export function levelsQueryOptions() {
  return queryOptions({ queryKey: levelsQueryKey, queryFn: ({ signal }) => getLevels(signal) });
}

export function useLevels(options: { refetchOnMount?: boolean | 'always' } = {}) {
  return useQuery({ ...levelsQueryOptions(), ...options });
}

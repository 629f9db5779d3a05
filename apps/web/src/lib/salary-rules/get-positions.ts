import { type Position, positionSchema } from '@salary/shared/positions/positions.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../api-client.ts';

/** Every positions list shares this prefix, so one invalidation reloads them all. */
export const positionsQueryKey = ['positions'] as const;

const positionList = z.array(positionSchema);

/** GET /positions?jobId=: the positions of one job, by name. */
export async function getPositions(jobId: number, signal?: AbortSignal): Promise<Position[]> {
  return positionList.parse((await apiClient.get<unknown>('/positions', { query: { jobId }, signal })).data);
}

export function positionsQueryOptions(jobId: number) {
  return queryOptions({
    queryKey: [...positionsQueryKey, { jobId }],
    queryFn: ({ signal }) => getPositions(jobId, signal),
  });
}

/** Waits (no request) until a job is chosen: a position list only exists per job. */
export function usePositions(jobId: number | null, options: { refetchOnMount?: boolean | 'always' } = {}) {
  return useQuery({
    ...positionsQueryOptions(jobId ?? 0),
    ...options,
    enabled: jobId !== null,
  });
}

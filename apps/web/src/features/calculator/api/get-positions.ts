import { type Position, positionSchema } from '@salary/shared/positions/positions.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /positions?jobId=: the Position select's options for the chosen job. */
export async function getPositions(jobId: number, signal?: AbortSignal): Promise<Position[]> {
  const envelope = await apiClient.get<unknown>('/positions', { query: { jobId }, signal });
  return z.array(positionSchema).parse(envelope.data);
}

export function positionsQueryOptions(jobId: number | null) {
  return queryOptions({
    queryKey: ['calculator', 'positions', jobId] as const,
    queryFn: ({ signal }) => getPositions(jobId as number, signal),
    // Nothing to ask for until a job is chosen (the select stays disabled meanwhile).
    enabled: jobId !== null,
    staleTime: 0,
  });
}

export function usePositions(jobId: number | null) {
  return useQuery(positionsQueryOptions(jobId));
}

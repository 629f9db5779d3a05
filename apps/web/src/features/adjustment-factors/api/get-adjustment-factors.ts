import {
  type AdjustmentFactor,
  adjustmentFactorSchema,
} from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';

export const adjustmentFactorsQueryKey = ['adjustment-factors'] as const;

const factorList = z.array(adjustmentFactorSchema);

/** GET /adjustment-factors: every factor by job and position, with both objects. */
export async function getAdjustmentFactors(signal?: AbortSignal): Promise<AdjustmentFactor[]> {
  return factorList.parse((await apiClient.get<unknown>('/adjustment-factors', { signal })).data);
}

export function adjustmentFactorsQueryOptions() {
  return queryOptions({
    queryKey: adjustmentFactorsQueryKey,
    queryFn: ({ signal }) => getAdjustmentFactors(signal),
  });
}

/** Reloaded on every entry: jobs and positions may have been renamed or removed elsewhere (spec §4). */
export function useAdjustmentFactors() {
  return useQuery({ ...adjustmentFactorsQueryOptions(), refetchOnMount: 'always' });
}

import type {
  AdjustmentFactor,
  CreateAdjustmentFactorBody,
} from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { apiClient } from '../../../lib/api-client.ts';
import { effectiveFromQuery } from '../../../lib/dated/effective-day.ts';
import { scheduledChangesQueryKey } from '../../../lib/dated/scheduled-changes.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { adjustmentFactorsQueryKey } from './get-adjustment-factors.ts';

export interface AdjustmentFactorCreate {
  body: CreateAdjustmentFactorBody;
  /** The day it takes effect from (`?effectiveFrom=`); absent: today. */
  effectiveFrom?: string;
}

/** POST /adjustment-factors: jobId, positionId, factor (a fraction for PERCENTAGE), type; a day to come schedules it. */
export async function createAdjustmentFactor({
  body,
  effectiveFrom,
}: AdjustmentFactorCreate): Promise<AdjustmentFactor> {
  return (
    await apiClient.post<AdjustmentFactor>('/adjustment-factors', body, effectiveFromQuery(effectiveFrom))
  ).data;
}

export function useCreateAdjustmentFactor() {
  return useInvalidatingMutation(createAdjustmentFactor, [
    adjustmentFactorsQueryKey,
    scheduledChangesQueryKey,
  ]);
}

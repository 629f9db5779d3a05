import type {
  AdjustmentFactor,
  CreateAdjustmentFactorBody,
} from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { type DatedWrite, postDated } from '../../../lib/dated/effective-day.ts';
import { scheduledChangesQueryKey } from '../../../lib/dated/scheduled-changes.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { adjustmentFactorsQueryKey } from './get-adjustment-factors.ts';

export type AdjustmentFactorCreate = DatedWrite<CreateAdjustmentFactorBody>;

/** POST /adjustment-factors: jobId, positionId, factor (a fraction for PERCENTAGE), type; a day to come schedules it. */
export function createAdjustmentFactor(write: AdjustmentFactorCreate): Promise<AdjustmentFactor> {
  return postDated('/adjustment-factors', write);
}

export function useCreateAdjustmentFactor() {
  return useInvalidatingMutation(createAdjustmentFactor, [
    adjustmentFactorsQueryKey,
    scheduledChangesQueryKey,
  ]);
}

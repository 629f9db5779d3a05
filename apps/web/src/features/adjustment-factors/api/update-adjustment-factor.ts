import type {
  AdjustmentFactor,
  UpdateAdjustmentFactorBody,
} from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { scheduledChangesQueryKey } from '../../../lib/dated/scheduled-changes.ts';
import { putById } from '../../../lib/update-request.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { adjustmentFactorsQueryKey } from './get-adjustment-factors.ts';

/** PUT /adjustment-factors/:id: all four fields, as the inline form holds them; `?effectiveFrom=` when dated. */
export const updateAdjustmentFactor = putById<UpdateAdjustmentFactorBody, AdjustmentFactor>(
  '/adjustment-factors',
);

export function useUpdateAdjustmentFactor() {
  return useInvalidatingMutation(updateAdjustmentFactor, [
    adjustmentFactorsQueryKey,
    scheduledChangesQueryKey,
  ]);
}

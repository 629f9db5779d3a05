import { adjustmentFactorSchema } from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { listQuery } from '../../../lib/list-query.ts';

export const adjustmentFactorsQueryKey = ['adjustment-factors'] as const;

/** GET /adjustment-factors: every factor by job and position, with both objects. */
const adjustmentFactors = listQuery('/adjustment-factors', adjustmentFactorSchema, adjustmentFactorsQueryKey);

/** Reloaded on every entry: jobs and positions may have been renamed or removed elsewhere. */
export function useAdjustmentFactors() {
  return adjustmentFactors.useList({ refetchOnMount: 'always' });
}

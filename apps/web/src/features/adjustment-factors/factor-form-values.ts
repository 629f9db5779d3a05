import {
  type AdjustmentFactor,
  type AdjustmentType,
  type CreateAdjustmentFactorBody,
  createAdjustmentFactorBody,
  factorFromPercent,
  percentFromFactor,
} from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { z } from 'zod';

/** What the inline form holds: ids as the selects keep them, a PERCENTAGE factor as the percent typed. */
export interface FactorFormValues {
  jobId: string | null;
  positionId: string | null;
  type: AdjustmentType;
  /** NaN while the input is empty (valueAsNumber). */
  factor: number;
}

/**
 * The form's resolver schema. It only converts the entered percent to the fraction the API takes
 * (12 → 0.12); every rule and message comes from the shared contract it pipes into, and
 * its issues keep their field paths, so errors land under the right inputs.
 */
export const factorFormSchema = z
  .object({
    jobId: z.custom<string | null>(),
    positionId: z.custom<string | null>(),
    type: z.custom<AdjustmentType>(),
    factor: z.custom<number>(),
  })
  .transform(
    (entered): CreateAdjustmentFactorBody => ({
      ...entered,
      factor:
        entered.type === 'PERCENTAGE' && typeof entered.factor === 'number'
          ? factorFromPercent(entered.factor)
          : entered.factor,
    }),
  )
  .pipe(createAdjustmentFactorBody);

export const EMPTY_FACTOR_FORM: FactorFormValues = {
  jobId: null,
  positionId: null,
  type: 'PERCENTAGE',
  factor: Number.NaN,
};

/** A stored factor as the form shows it for editing (0.12 → 12 for PERCENTAGE). */
export function formValuesFor(factor: AdjustmentFactor | null): FactorFormValues {
  if (!factor) return EMPTY_FACTOR_FORM;
  return {
    jobId: String(factor.jobId),
    positionId: String(factor.positionId),
    type: factor.type,
    factor: factor.type === 'PERCENTAGE' ? percentFromFactor(factor.factor) : factor.factor,
  };
}

import {
  type AdjustmentFactor,
  type AdjustmentType,
  type CreateAdjustmentFactorBody,
  createAdjustmentFactorBody,
  factorFromPercent,
  percentFromFactor,
} from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { hasAtMostTwoDecimals } from '@salary/shared/common/money';
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
 * The percent typed as the fraction the API takes. A percent with more decimals than the API
 * keeps is passed on as it is (12.555 → 0.12555), so the contract refuses it rather than the
 * form saving 12.56 in its place.
 */
const percentAsFraction = (percent: number) =>
  hasAtMostTwoDecimals(percent) ? factorFromPercent(percent) : percent / 100;

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
          ? percentAsFraction(entered.factor)
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

import { z } from 'zod';
import { requiredId } from '../common/fields.ts';
import {
  fractionToPercent,
  hasAtMostFourDecimals,
  hasAtMostTwoDecimals,
  percentToFraction,
} from '../common/money.ts';
import { rowVersion, versionField } from '../common/stale-version.ts';
import { jobSummarySchema } from '../jobs/jobs.contract.ts';
import { positionSummarySchema } from '../positions/positions.contract.ts';

export const ADJUSTMENT_TYPES = ['PERCENTAGE', 'FIXED'] as const;
export type AdjustmentType = (typeof ADJUSTMENT_TYPES)[number];

/** A FIXED factor is an amount that fits numeric(14,4) with cents, either sign. */
export const FIXED_FACTOR_MAX = 999_999_999.99;

const FACTOR = 'Adjustment Factor';

/** The screen's percent (12 → 0.12) as the fraction the API takes (the money module converts). */
export const factorFromPercent = percentToFraction;

/** The stored fraction (0.12) as the percent the screen shows (12). */
export const percentFromFactor = fractionToPercent;

/** A body whose type and factor are themselves valid (the ids may still be missing). */
function hasTypedFactor(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { type, factor } = value as { type?: unknown; factor?: unknown };
  return (
    ADJUSTMENT_TYPES.includes(type as AdjustmentType) && typeof factor === 'number' && Number.isFinite(factor)
  );
}

/**
 * PERCENTAGE factors arrive already divided by 100 (a fraction in −1..1); FIXED factors
 * are an amount of money that may lower the salary.
 */
const factorFields = z.object({
  jobId: requiredId('Job'),
  positionId: requiredId('Position'),
  type: z.enum(ADJUSTMENT_TYPES, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? 'Adjustment Type is required'
        : 'Adjustment Type must be PERCENTAGE or FIXED',
  }),
  factor: z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null || Number.isNaN(issue.input)
          ? `${FACTOR} is required`
          : `${FACTOR} must be a number`,
    })
    .describe('PERCENTAGE: a fraction in -1..1 (entered percent / 100); FIXED: an amount with cents'),
});

/** A factor's value is checked against its type. */
function checkFactor(body: z.output<typeof factorFields>, ctx: z.RefinementCtx): void {
  const problem = (message: string) => ctx.addIssue({ code: 'custom', path: ['factor'], message });
  if (body.type === 'PERCENTAGE') {
    if (body.factor < -1 || body.factor > 1) problem(`${FACTOR} must be between -100% and +100%`);
    else if (!hasAtMostFourDecimals(body.factor))
      problem(`${FACTOR} must have at most 2 decimals as a percent (4 as a fraction)`);
  } else if (Math.abs(body.factor) > FIXED_FACTOR_MAX) {
    problem(`${FACTOR} must be between -999,999,999.99 and 999,999,999.99`);
  } else if (!hasAtMostTwoDecimals(body.factor)) {
    problem(`${FACTOR} must have at most 2 decimals`);
  }
}

/** The factor is checked against its type even while the job or position is missing, so a form says every problem at once. */
const whenTyped = { when: ({ value }: { value: unknown }) => hasTypedFactor(value) };

export const createAdjustmentFactorBody = factorFields.superRefine(checkFactor, whenTyped);
export type CreateAdjustmentFactorBody = z.input<typeof createAdjustmentFactorBody>;

/** The edit form sends every field, and the version it read. */
export const updateAdjustmentFactorBody = factorFields
  .extend({ version: versionField })
  .superRefine(checkFactor, whenTyped);
export type UpdateAdjustmentFactorBody = z.input<typeof updateAdjustmentFactorBody>;

export const adjustmentFactorSchema = z.object({
  id: z.number().int(),
  jobId: z.number().int(),
  positionId: z.number().int(),
  /** PERCENTAGE: a fraction (0.1 = 10%); FIXED: dollars with at most two decimals. */
  factor: z.number(),
  type: z.enum(ADJUSTMENT_TYPES),
  job: jobSummarySchema,
  position: positionSummarySchema,
  version: rowVersion,
});
export type AdjustmentFactor = z.infer<typeof adjustmentFactorSchema>;

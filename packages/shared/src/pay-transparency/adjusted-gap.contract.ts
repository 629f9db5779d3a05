import { z } from 'zod';

/*
 * The adjusted pay gap: an ordinary least squares regression of ln(hourly pay) on a woman
 * indicator, grade and level (as categories), years of experience, years with the company and
 * the four flags (offshore project, acting as a different grade, pillar, remote), for the whole
 * company and for each job. Only women and men are in it. Worked example: docs/pay-transparency.md (Adjusted gap).
 *
 * Sign: `percent` is (e^β − 1) × 100 where β is the woman coefficient, so a NEGATIVE value
 * means women are paid less than men with a comparable profile (the unadjusted gaps of the
 * report run the other way: there positive means women are paid less).
 */

export const TOO_FEW_TO_ESTIMATE = 'too few to estimate';
/** Fewer employees than this in a regression: too few to estimate. */
export const MIN_EMPLOYEES_TO_ESTIMATE = 30;
/** Fewer women, or fewer men, than this: too few to estimate. */
export const MIN_PER_SEX_TO_ESTIMATE = 10;

export const TOO_FEW_REASONS = [
  'employees',
  'women',
  'men',
  'not-identifiable',
  'no-residual-freedom',
] as const;
export type TooFewReason = (typeof TOO_FEW_REASONS)[number];
export const TOO_FEW_REASON_TEXTS: Record<TooFewReason, string> = {
  employees: `fewer than ${MIN_EMPLOYEES_TO_ESTIMATE} employees`,
  women: `fewer than ${MIN_PER_SEX_TO_ESTIMATE} women`,
  men: `fewer than ${MIN_PER_SEX_TO_ESTIMATE} men`,
  'not-identifiable': 'women and men cannot be told apart from grade, level, years and flags',
  'no-residual-freedom': 'more characteristics than employees to estimate them',
};

export const ADJUSTED_GAP_TITLE = 'Adjusted pay gap';

/** The one-paragraph explanation shown under the figures. */
export const ADJUSTED_GAP_EXPLANATION =
  'The adjusted pay gap compares women and men who look alike on paper. For each employee we ' +
  'take hourly pay and fit one straight-line model (ordinary least squares) of its logarithm on ' +
  'whether the employee is a woman, their grade, their level, their years of experience, their ' +
  'years with the company and four flags (Base on Project, Acting as Different Grade, ' +
  'Pillar, Remote). The woman coefficient is what remains of the difference once all of these ' +
  'are held equal; we show it as a percentage of men’s pay. A negative value means women are ' +
  'paid less than men with a comparable profile, a positive value that they are paid more. The ' +
  'interval is a 95% confidence interval: an interval that contains zero means the data cannot ' +
  'tell the difference from no gap. R² is the share of the spread in (log) pay that the model ' +
  'explains. The gap is estimated for the whole company and for each job; where fewer than ' +
  `${MIN_EMPLOYEES_TO_ESTIMATE} employees, or fewer than ${MIN_PER_SEX_TO_ESTIMATE} women or ` +
  `men, are in it, it says “${TOO_FEW_TO_ESTIMATE}”. It is not proof of discrimination, nor of ` +
  'its absence: anything the model does not see is not held equal.';

const tooFewEstimate = z.object({
  tooFew: z.literal(true),
  /** Women and men in the group. */
  n: z.number().int(),
  reason: z.enum(TOO_FEW_REASONS),
});

const estimate = z.object({
  tooFew: z.literal(false),
  /** (e^β − 1) × 100, one decimal; negative: women are paid less for a comparable profile. */
  percent: z.number(),
  /**
   * The standard error of β in log points (β's standard error × 100), two decimals: near zero
   * one log point is about one percent.
   */
  standardError: z.number(),
  /**
   * The 95% interval in percent, one decimal: (e^(β ± q·SE) − 1) × 100, where q is Student's t
   * quantile (0.975) with n − p degrees of freedom, p the number of estimated coefficients
   * (intercept included, collinear columns not counted). The t quantile rather than 1.96: a
   * per-job regression may have 30 employees and 20 coefficients, where 1.96 would give an
   * interval too narrow; with many employees the two agree.
   */
  low: z.number(),
  high: z.number(),
  /** Women and men in the regression. */
  n: z.number().int(),
  /** Share of the variance of ln(hourly pay) explained, three decimals. */
  rSquared: z.number(),
});

export const adjustedGapEstimateSchema = z.discriminatedUnion('tooFew', [tooFewEstimate, estimate]);
export type AdjustedGapEstimate = z.infer<typeof adjustedGapEstimateSchema>;

export const adjustedGapSchema = z.object({
  company: adjustedGapEstimateSchema,
  /** Every job with at least one woman or man, by name. */
  jobs: z.array(
    z.object({
      jobId: z.number().int(),
      jobName: z.string(),
      estimate: adjustedGapEstimateSchema,
    }),
  ),
});
export type AdjustedGap = z.infer<typeof adjustedGapSchema>;

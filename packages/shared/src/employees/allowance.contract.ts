import { z } from 'zod';
import { blankAsMissing, requiredText, twoDecimalNumber } from '../common/fields.ts';
import { backPaySchema } from '../impact/impact.contract.ts';

/*
 * An employee's individual allowance: a fixed monthly amount or a percent of the adjusted base
 * salary, with the reason it was granted, dated like the employee's other pay (effectiveFrom).
 * Stored as one of the employee's own pay components (docs/decisions/0030-individual-pay.md);
 * read and written only with Show Calculated Salary (writing also needs Edit Employee).
 */

/** The breakdown line's name, and the component's. */
export const ALLOWANCE_NAME = 'Individual allowance';

export const ALLOWANCE_TYPES = ['FIXED', 'PERCENTAGE'] as const;
export type AllowanceType = (typeof ALLOWANCE_TYPES)[number];
export const ALLOWANCE_TYPE_LABELS: Record<AllowanceType, string> = {
  FIXED: 'Fixed amount',
  PERCENTAGE: 'Percent of adjusted base',
};

export const ALLOWANCE_REASON_MAX = 200;

/** Amount (FIXED, money with at most 2 decimals, 0 or more) or percent (0–100, at most 2 decimals). */
const allowanceValue = z.preprocess(
  blankAsMissing,
  twoDecimalNumber(
    'Amount',
    z.number({
      error: (issue) => (issue.input === undefined ? 'Amount is required' : 'Amount must be a number'),
    }),
    (n) => n.min(0, 'Amount must be 0 or more').max(99_999_999.99, 'Amount is too large'),
  ),
);

export const allowanceSchema = z
  .object({
    type: z.enum(ALLOWANCE_TYPES, { error: 'Type must be a fixed amount or a percent' }),
    value: allowanceValue,
    reason: requiredText('Reason', ALLOWANCE_REASON_MAX),
  })
  .superRefine((a, ctx) => {
    if (a.type === 'PERCENTAGE' && a.value > 100)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Percent must be between 0 and 100' });
  });
export type Allowance = z.infer<typeof allowanceSchema>;

/** PUT /api/employees/{id}/allowance: the allowance from `effectiveFrom` (null: none from that day). */
export const allowanceBody = z.object({
  allowance: allowanceSchema.nullable(),
  /** The employee's version the form was read at: another save since answers 409. */
  version: z.number().int().optional(),
});
export type AllowanceBody = z.infer<typeof allowanceBody>;

/** The allowance in force as of a day, with the employee's version (for the next save). */
export const allowanceViewSchema = z.object({
  employeeId: z.number().int(),
  allowance: z.object({ type: z.enum(ALLOWANCE_TYPES), value: z.number(), reason: z.string() }).nullable(),
  version: z.number().int(),
  /** A write dated before today: what it owes for the days since (showSalary's figures). */
  backPay: backPaySchema.optional(),
});
export type AllowanceView = z.infer<typeof allowanceViewSchema>;

import { z } from 'zod';
import { isCalendarDay } from '../common/calendar-day.ts';
import { MAX_ID, plainText, requiredText } from '../common/fields.ts';
import { hasAtMostTwoDecimals } from '../common/money.ts';

/*
 * Raise cycles (docs/raise-cycles.md): a cycle names its effective day, who is eligible, a
 * budget and a guideline matrix; managers propose a raise per employee on the worksheet, an
 * administrator who did not submit approves, and applying writes every proposal as a dated
 * employee write from the effective day. On the wire money is a decimal (12.34), a percent a
 * number with two decimals (3.5 = 3.5 %); inside the server cents and basis points.
 */

export const RAISE_CYCLE_STATUSES = ['DRAFT', 'SUBMITTED', 'APPROVED', 'APPLIED'] as const;
export type RaiseCycleStatus = (typeof RAISE_CYCLE_STATUSES)[number];

export const BUDGET_KINDS = ['PERCENT', 'AMOUNT'] as const;
export type BudgetKind = (typeof BUDGET_KINDS)[number];

/** A proposal: a percent of the basic wage or an amount, both as an individual allowance; a move to another grade/level; none. */
export const PROPOSAL_KINDS = ['PERCENT', 'AMOUNT', 'MOVE', 'NONE'] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];

/** The name of the allowance an applied raise adds to the employee's own pay components. */
export const raiseComponentName = (cycleName: string) => `Raise: ${cycleName}`;

export const RATING_MIN = 1;
export const RATING_MAX = 5;

const day = (label: string) => {
  const message = `${label} must be a date written YYYY-MM-DD (e.g. 2024-03-15)`;
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : message) })
    .refine(isCalendarDay, message);
};

const decimal = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`)
    .refine(hasAtMostTwoDecimals, `${label} can have at most 2 decimals`);

const id = (label: string) =>
  z
    .number({ error: `${label} is not a valid id` })
    .int(`${label} is not a valid id`)
    .positive(`${label} is not a valid id`)
    .max(MAX_ID, `${label} is not a valid id`);

const rating = z
  .number({ error: 'Rating must be a whole number from 1 to 5' })
  .int('Rating must be a whole number from 1 to 5')
  .min(RATING_MIN, 'Rating must be a whole number from 1 to 5')
  .max(RATING_MAX, 'Rating must be a whole number from 1 to 5');

/** Who the cycle is for; leavers (not employed on the effective day) are always left out. */
export const eligibilitySchema = z.object({
  /** Hired before this day (absent: anyone employed on the effective day). */
  hiredBefore: day('Hired Before').nullable().default(null),
  /** Only these jobs (empty: all). */
  jobIds: z.array(id('Job')).max(1000).default([]),
  /** Only these grades (empty: all). */
  gradeIds: z.array(id('Grade')).max(1000).default([]),
});
export type Eligibility = z.infer<typeof eligibilitySchema>;

/** PERCENT: a percent of the eligible monthly payroll; AMOUNT: a monthly amount of money. */
export const budgetSchema = z.object({
  kind: z.enum(BUDGET_KINDS),
  value: decimal('Budget', 0, 1_000_000_000),
});

/**
 * One row of the guideline matrix: employees whose compa-ratio is in [compaFrom, compaTo) (a
 * missing end: open) and, when given, rated `rating`, are recommended a raise of minPercent to
 * maxPercent of their basic wage. A row with the rating wins over one without.
 */
export const guidelineRowSchema = z
  .object({
    compaFrom: decimal('Compa-ratio from', 0, 100).nullable(),
    compaTo: decimal('Compa-ratio to', 0, 100).nullable(),
    rating: rating.nullable(),
    minPercent: decimal('Minimum raise', 0, 1000),
    maxPercent: decimal('Maximum raise', 0, 1000),
  })
  .refine((r) => r.minPercent <= r.maxPercent, {
    message: 'Minimum raise cannot be above Maximum raise',
    path: ['minPercent'],
  })
  .refine((r) => r.compaFrom === null || r.compaTo === null || r.compaFrom < r.compaTo, {
    message: 'Compa-ratio from must be below Compa-ratio to',
    path: ['compaFrom'],
  });
export type GuidelineRow = z.infer<typeof guidelineRowSchema>;

export const raiseCycleBody = z.object({
  name: requiredText('Name', 100),
  effectiveDate: day('Effective Date'),
  eligibility: eligibilitySchema.default({ hiredBefore: null, jobIds: [], gradeIds: [] }),
  budget: budgetSchema,
  guideline: z.array(guidelineRowSchema).max(200).default([]),
});
export type RaiseCycleBody = z.input<typeof raiseCycleBody>;
export type RaiseCycleInput = z.output<typeof raiseCycleBody>;

export const raiseCycleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  effectiveDate: z.string(),
  eligibility: eligibilitySchema,
  /**
   * The budget. `value` is null for an AMOUNT budget read by a user limited to their own team:
   * their share is the worksheet's `totals.budget` (the whole amount beside it would give away
   * the company's eligible payroll).
   */
  budget: z.object({ kind: z.enum(BUDGET_KINDS), value: z.number().nullable() }),
  guideline: z.array(guidelineRowSchema),
  status: z.enum(RAISE_CYCLE_STATUSES),
  /** The email of who submitted it (null: not submitted since its last send-back). */
  submittedBy: z.string().nullable(),
  /** Whether the reader submitted it: they may not approve it (another administrator does). */
  submittedByYou: z.boolean(),
  /** The comment of the last send-back to draft. */
  sentBackComment: z.string().nullable(),
  /** The audit entry of its application (null: not applied). */
  appliedEntryId: z.number().int().nullable(),
});
export type RaiseCycle = z.infer<typeof raiseCycleSchema>;
export const raiseCycleListSchema = z.array(raiseCycleSchema);

export const sendBackBody = z.object({
  comment: requiredText('Comment', 1000),
});

/** One employee's proposal on a save of the worksheet. */
export const proposalInputSchema = z.object({
  employeeId: id('Employee'),
  rating: rating.nullable().default(null),
  kind: z.enum(PROPOSAL_KINDS),
  /** PERCENT: the percent of the basic wage; AMOUNT: the monthly amount. */
  value: decimal('Value', 0, 1_000_000_000).nullable().default(null),
  gradeId: id('Grade').nullable().default(null),
  levelId: id('Level').nullable().default(null),
  /** Needed when the raise is outside the recommended range. */
  reason: plainText('Reason').trim().max(1000, 'Reason must be at most 1000 characters').default(''),
});
export type ProposalInput = z.output<typeof proposalInputSchema>;

export const proposalsBody = z.object({
  proposals: z.array(proposalInputSchema).max(100_000),
});
export type ProposalsBody = z.input<typeof proposalsBody>;

const proposalSchema = z.object({
  kind: z.enum(PROPOSAL_KINDS),
  value: z.number().nullable(),
  gradeId: z.number().int().nullable(),
  levelId: z.number().int().nullable(),
  reason: z.string().nullable(),
});

export const worksheetRowSchema = z.object({
  employeeId: z.number().int(),
  name: z.string(),
  jobId: z.number().int(),
  gradeId: z.number().int(),
  levelId: z.number().int(),
  /** Monthly gross as of the effective day, before the raise. */
  currentGross: z.number(),
  /** Base + job adjustment + the employee's own allowances: the compa-ratio's numerator. */
  basicWage: z.number(),
  /** The base salary of the grade × level (the band's midpoint). */
  midpoint: z.number(),
  /** The band's minimum and maximum around the midpoint (the base-salary cell's spread or typed bounds). */
  bandMinimum: z.number(),
  bandMaximum: z.number(),
  compaRatio: z.number(),
  rating: z.number().int().nullable(),
  recommended: z.object({ minPercent: z.number(), maxPercent: z.number() }).nullable(),
  proposal: proposalSchema.nullable(),
  /** The raise in percent of the basic wage (null: no raise proposed). */
  raisePercent: z.number().nullable(),
  outsideGuideline: z.boolean(),
  newGross: z.number(),
  newCompaRatio: z.number(),
});
export type WorksheetRow = z.infer<typeof worksheetRowSchema>;

const worksheetTotalsSchema = z.object({
  /** Σ current monthly gross of the rows. */
  eligiblePayroll: z.number(),
  /** The budget for the rows (a team's share of an AMOUNT budget, by its payroll). */
  budget: z.number(),
  /** Σ (new gross − current gross) of the rows. */
  budgetUsed: z.number(),
  overBudget: z.boolean(),
});

export const worksheetSchema = z.object({
  cycle: raiseCycleSchema,
  rows: z.array(worksheetRowSchema),
  totals: worksheetTotalsSchema,
  /** Warnings a save is answered with (over budget), in words. */
  warnings: z.array(z.string()),
});
export type Worksheet = z.infer<typeof worksheetSchema>;

/**
 * What proposals not yet saved would make (POST …/proposals/preview): the worksheet's totals
 * with them, and for each employee they name only what they change — its raise, new pay and new
 * compa-ratio, and its recommended range when a rating is in play (typed now or saved before: the
 * range that rating picks; absent, the row's range stands). The rest of the row is the
 * worksheet's as read.
 */
export const worksheetPreviewSchema = z.object({
  rows: z.array(
    worksheetRowSchema
      .pick({
        employeeId: true,
        raisePercent: true,
        outsideGuideline: true,
        newGross: true,
        newCompaRatio: true,
      })
      .extend({ recommended: worksheetRowSchema.shape.recommended.optional() }),
  ),
  totals: worksheetTotalsSchema,
  warnings: z.array(z.string()),
});
export type WorksheetPreview = z.infer<typeof worksheetPreviewSchema>;

export const RAISE_CYCLE_MESSAGES = {
  notFound: 'Raise cycle not found',
  readForbidden: 'You do not have permission to see raise cycles',
  editForbidden: 'You do not have permission to edit raise cycles',
  proposeForbidden: 'You do not have permission to propose raises',
  approveForbidden: 'Only administrators can approve a raise cycle',
  approveOwn: 'You cannot approve a cycle you submitted',
  applyForbidden: 'Only administrators can apply a raise cycle',
  notDraft: 'Proposals can be changed only while the cycle is a draft',
  overBudget: 'The proposals are over budget',
} as const;

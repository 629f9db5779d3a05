import { z } from 'zod';
import { plainText } from '../common/fields.ts';
import { adjustedGapSchema } from './adjusted-gap.contract.ts';

/*
 * Pay transparency (Directive (EU) 2023/970): the gender pay gap report, a worker's pay
 * statement and the justifications of flagged categories. Definitions: docs/pay-transparency.md.
 * Money is per month in dollars with at most two decimals; gaps and shares are percent with one
 * decimal. A figure that would describe fewer than the minimum group of women or men is null
 * and the group says `tooFew: true` ("too few to report").
 */

export const CATEGORY_KINDS = ['job-grade', 'grade', 'evaluation'] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];
export const CATEGORY_KIND_LABELS: Record<CategoryKind, string> = {
  'job-grade': 'Job × grade (same work)',
  grade: 'Grade (work of equal value)',
  evaluation: 'Job evaluation (work of equal value)',
};

export const TOO_FEW = 'too few to report';
export const FLAG_TEXT = 'joint pay assessment needed unless justified';
/** A category whose total-pay gap is this or more (either way) is flagged. */
export const FLAG_THRESHOLD = 5;
export const REPORT_FILE_NAME = 'pay_transparency_report.xlsx';
export const STATEMENT_FILE_NAME = (id: number) => `pay_statement_${id}.pdf`;

export const payReportQuery = z.object({
  category: z
    .enum(CATEGORY_KINDS, { error: 'category must be job-grade, grade or evaluation' })
    .optional()
    .default('job-grade'),
});

export const YEAR_MESSAGE = 'year must be a year written YYYY (e.g. 2026)';
/** The first reports under Directive (EU) 2023/970 cover this year. */
export const FIRST_REPORT_YEAR = 2026;

/** `?year=YYYY`: the report for that calendar year (the current one: to date). */
export const yearQuery = z.object({
  year: z
    .string({ error: YEAR_MESSAGE })
    .regex(/^\d{4}$/, YEAR_MESSAGE)
    .transform(Number)
    .optional(),
});

/** Women's and men's figure and the gap; nulls when a group is too small or has no pay. */
const comparison = z.object({
  female: z.number().nullable(),
  male: z.number().nullable(),
  /** (men − women) ÷ men × 100, one decimal; positive: women are paid less. */
  gap: z.number().nullable(),
  tooFew: z.boolean(),
});
export type Comparison = z.infer<typeof comparison>;

/** (a)–(d) on one pay basis. */
const headline = z.object({
  meanPay: comparison,
  medianPay: comparison,
  meanComplementary: comparison,
  medianComplementary: comparison,
});
export type PayHeadline = z.infer<typeof headline>;

/** One category's figures on one pay basis. */
const categoryBasis = z.object({
  meanPayFemale: z.number().nullable(),
  meanPayMale: z.number().nullable(),
  payGap: z.number().nullable(),
  basicWageGap: z.number().nullable(),
  complementaryGap: z.number().nullable(),
});
export type CategoryBasis = z.infer<typeof categoryBasis>;

const quartile = z.object({
  /** 1 = lowest pay. */
  quartile: z.number().int(),
  size: z.number().int(),
  female: z.number().int(),
  male: z.number().int(),
  femaleShare: z.number().nullable(),
  maleShare: z.number().nullable(),
});
export type Quartile = z.infer<typeof quartile>;

export const justificationSchema = z.object({
  text: z.string(),
  authorEmail: z.string(),
  updatedAt: z.string(),
});
export type Justification = z.infer<typeof justificationSchema>;

const category = z.object({
  /** "<jobId>:<gradeId>", "<gradeId>" or "band-<n>". */
  key: z.string(),
  name: z.string(),
  female: z.number().int(),
  male: z.number().int(),
  /** Fewer than the minimum group of women or of men: counts only, every figure null. */
  tooFew: z.boolean(),
  ...categoryBasis.shape,
  /** |payGap| ≥ 5.0 (a year's report: the hourly payGap): joint pay assessment needed unless justified. */
  flagged: z.boolean(),
  justification: justificationSchema.nullable(),
  /** A year's report: the same figures on hourly pay (the ones above are on annual pay). */
  hourly: categoryBasis.optional(),
});
export type PayCategory = z.infer<typeof category>;

export const payReportSchema = z.object({
  generatedAt: z.string(),
  categoryKind: z.enum(CATEGORY_KINDS),
  minGroup: z.number().int(),
  counts: z.object({
    /** Priced FEMALE and MALE employees: the ones the indicators count. */
    female: z.number().int(),
    male: z.number().int(),
    other: z.number().int(),
    undisclosed: z.number().int(),
    /** Employees without a priced salary (no base salary for their grade and level), any gender. */
    unpriced: z.number().int(),
    total: z.number().int(),
  }),
  /** (a) and (c): pay = gross + benefits, per month. */
  meanPay: comparison,
  medianPay: comparison,
  /** (b) and (d): complementary components = pay − basic wage, among those who receive any. */
  meanComplementary: comparison,
  medianComplementary: comparison,
  /** (e): share of women and of men receiving complementary components, percent. */
  complementaryShare: z.object({
    female: z.number().nullable(),
    male: z.number().nullable(),
    tooFew: z.boolean(),
  }),
  /** (f) lowest first. */
  quartiles: z.array(quartile),
  /** (g) flagged without justification first, then flagged, then the rest. */
  categories: z.array(category),
  /**
   * A report for a calendar year (`?year=`): the days counted (`to` the last; the current year
   * counts to today), and the figures above are then ANNUAL pay (each day's share of its
   * month's pay, summed over the days employed), quartiles on hourly pay.
   */
  period: z
    .object({
      year: z.number().int(),
      from: z.string(),
      to: z.string(),
      /** The year is not over: counted to today. */
      toDate: z.boolean(),
      /** Employees counted who joined, or left, during the year. */
      joined: z.number().int(),
      left: z.number().int(),
    })
    .optional(),
  /** A year's report: (a)–(d) on hourly pay (annual pay ÷ contracted hours in the year). */
  hourly: headline.optional(),
  /** A year's report: which report the headcount on 31 December asks for, and by when. */
  reportDuty: z
    .object({
      /** Employees employed on 31 December of the year (to date: today). */
      headcount: z.number().int(),
      countedOn: z.string(),
      /** How often a report is due at that headcount; null under 100 workers. */
      every: z.enum(['year', 'three years']).nullable(),
      /** The next report due on or after today: the year it covers and the day it is due by. */
      next: z.object({ year: z.number().int(), dueBy: z.string() }).nullable(),
      text: z.string(),
    })
    .optional(),
  /** A year's report: the gap left once grade, level, years and flags are held equal. */
  adjustedGap: adjustedGapSchema.optional(),
  /**
   * `evaluation` only: jobs with employees whose job and position have no score, and how many
   * such employees each has (any gender, priced or not). They are in no category.
   */
  unscoredJobs: z.array(z.object({ name: z.string(), headcount: z.number().int() })).optional(),
});
export type PayReport = z.infer<typeof payReportSchema>;

/** Figures of a pay statement (Article 7); null when the employee has no priced salary. */
export const payStatementSchema = z.object({
  date: z.string(),
  /** The employer (the server's COMPANY_NAME); null when it is not set. */
  company: z.string().nullable(),
  employee: z.object({
    id: z.number().int(),
    name: z.string(),
    job: z.string(),
    position: z.string(),
    grade: z.string(),
    level: z.string(),
  }),
  pay: z.number().nullable(),
  basicWage: z.number().nullable(),
  complementary: z.number().nullable(),
  category: z.object({
    kind: z.enum(CATEGORY_KINDS),
    name: z.string(),
    tooFew: z.boolean(),
    meanPayFemale: z.number().nullable(),
    meanPayMale: z.number().nullable(),
    /** A year's statement: the same means on hourly pay (those above are annual). */
    hourly: z.object({ meanPayFemale: z.number().nullable(), meanPayMale: z.number().nullable() }).optional(),
  }),
  minGroup: z.number().int(),
  /**
   * A statement for a calendar year (`?year=`): the days counted and how many of them the worker
   * was employed; pay, basic wage and complementary components above are then annual.
   */
  period: z
    .object({
      year: z.number().int(),
      from: z.string(),
      to: z.string(),
      toDate: z.boolean(),
      daysEmployed: z.number().int(),
    })
    .optional(),
  /** A year's statement: pay per hour worked, and the contracted hours of the days employed. */
  hourly: z
    .object({
      pay: z.number().nullable(),
      basicWage: z.number().nullable(),
      complementary: z.number().nullable(),
      hours: z.number(),
    })
    .optional(),
});
export type PayStatement = z.infer<typeof payStatementSchema>;

export const CATEGORY_KEY_PATTERNS: Record<CategoryKind, RegExp> = {
  'job-grade': /^[1-9]\d{0,9}:[1-9]\d{0,9}$/,
  grade: /^[1-9]\d{0,9}$/,
  evaluation: /^band-[1-9]\d?$/,
};

export const justificationBody = z
  .object({
    categoryKind: z.enum(CATEGORY_KINDS, { error: 'categoryKind must be job-grade, grade or evaluation' }),
    categoryKey: z.string({ error: 'categoryKey is required' }).max(40, 'categoryKey is not a category'),
    text: plainText('Justification')
      .trim()
      .min(1, 'Justification is required')
      .max(4000, 'Justification must be at most 4000 characters'),
  })
  .refine((b) => CATEGORY_KEY_PATTERNS[b.categoryKind].test(b.categoryKey), {
    message: 'categoryKey is not a category of that kind',
    path: ['categoryKey'],
  });
export type JustificationBody = z.input<typeof justificationBody>;

export const savedJustificationSchema = justificationSchema.extend({
  categoryKind: z.enum(CATEGORY_KINDS),
  categoryKey: z.string(),
});

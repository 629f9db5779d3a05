import { z } from 'zod';
import { MAX_ID, requiredId } from '../common/fields.ts';
import { asOfQuery } from '../employees/dated.contract.ts';

/*
 * The pay range of a job posting (pay transparency before employment): for a job, position
 * and grade, the basic pay (base salary + job/position adjustment) of each chosen level as of
 * a day, the range across them per month and per year, and a sentence to paste into the
 * posting.
 */

/** At most this many levels in one range (a company has a handful). */
export const POSTING_RANGE_MAX_LEVELS = 50;

export const LEVEL_IDS_MESSAGE = 'Levels must be level ids separated by commas (e.g. 1,2,3)';
export const NO_LEVELS_MESSAGE = 'Choose at least one level';
export const NO_BASE_SALARY_NOTE = 'No base salary for this grade and level on this day';

/** `levelIds=1,2,3` → [1, 2, 3], each a database id, repeats dropped, in the order given. */
const levelIds = z
  .string({
    error: (issue) => (issue.input === undefined ? NO_LEVELS_MESSAGE : LEVEL_IDS_MESSAGE),
  })
  .transform((text, ctx) => {
    const parts = text.split(',').map((p) => p.trim());
    if (parts.length === 1 && parts[0] === '') {
      ctx.addIssue({ code: 'custom', message: NO_LEVELS_MESSAGE });
      return z.NEVER;
    }
    const ids: number[] = [];
    for (const part of parts) {
      const id = /^\d{1,10}$/.test(part) ? Number(part) : Number.NaN;
      if (!(id >= 1 && id <= MAX_ID)) {
        ctx.addIssue({ code: 'custom', message: LEVEL_IDS_MESSAGE });
        return z.NEVER;
      }
      if (!ids.includes(id)) ids.push(id);
    }
    if (ids.length > POSTING_RANGE_MAX_LEVELS) {
      ctx.addIssue({ code: 'custom', message: `Choose at most ${POSTING_RANGE_MAX_LEVELS} levels` });
      return z.NEVER;
    }
    return ids;
  });

/** `GET /pay-transparency/posting-range?jobId=&positionId=&gradeId=&levelIds=1,2&asOf=` */
export const postingRangeQuery = z.object({
  jobId: requiredId('Job'),
  positionId: requiredId('Position'),
  gradeId: requiredId('Grade'),
  levelIds,
  ...asOfQuery.shape,
});
export type PostingRangeQuery = z.output<typeof postingRangeQuery>;

const named = z.object({ id: z.number().int(), name: z.string() });

/** A range of amounts in the API's decimals (min ≤ max). */
export const moneyRangeSchema = z.object({ min: z.number(), max: z.number() });
export type MoneyRange = z.infer<typeof moneyRangeSchema>;

export const postingRangeLevelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Basic pay per month (base salary + job/position adjustment); null without a base salary. */
  monthly: z.number().nullable(),
  /** `monthly` × 12; null without a base salary. */
  annual: z.number().nullable(),
  /** Why a level has no figure (NO_BASE_SALARY_NOTE); null when it has one. */
  note: z.string().nullable(),
});
export type PostingRangeLevel = z.infer<typeof postingRangeLevelSchema>;

export const postingRangeSchema = z.object({
  job: named,
  position: named,
  grade: named,
  /** The chosen levels, in the company's level order. */
  levels: z.array(postingRangeLevelSchema),
  /** Lowest and highest monthly basic pay of the levels that have one; null when none has. */
  monthly: moneyRangeSchema.nullable(),
  /** The same per year (× 12). */
  annual: moneyRangeSchema.nullable(),
  /** The company's currency (ISO 4217) and number format, which `text` is written in. */
  currency: z.string(),
  locale: z.string(),
  /** The day the rules are as of (YYYY-MM-DD). */
  asOf: z.string(),
  /** The range as a sentence for the posting. */
  text: z.string(),
});
export type PostingRange = z.infer<typeof postingRangeSchema>;

export const POSTING_RANGE_FILE_NAME = 'posting_pay_range.pdf';

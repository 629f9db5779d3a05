import { z } from 'zod';
import { requiredId } from '../common/fields.ts';
import { hasAtMostTwoDecimals } from '../common/money.ts';
import { rowVersion, versionField } from '../common/stale-version.ts';
import { gradeSchema } from '../grades/grades.contract.ts';
import { levelSchema } from '../levels/levels.contract.ts';

/** The database keeps numeric(14,2): twelve whole digits and the cents. */
// The salary engine takes money below 1e9; a larger base could never be calculated with.
export const BASE_SALARY_MAX = 999_999_999.99;

const AMOUNT = 'Base Salary Amount';

const amountField = (label: string) =>
  z
    .number({
      // An emptied number input reaches zodResolver as NaN (valueAsNumber) and JSON as null.
      error: (issue) =>
        issue.input === undefined || issue.input === null || Number.isNaN(issue.input)
          ? `${label} is required`
          : `${label} must be a number`,
    })
    .min(0, `${label} must be 0 or more`)
    .max(BASE_SALARY_MAX, `${label} must be at most 999,999,999.99`)
    .refine(hasAtMostTwoDecimals, `${label} must have at most 2 decimals`)
    .describe('Dollars with at most two decimals');

export const BAND_SPREAD_LABEL = 'Band Spread';
export const BAND_MIN_LABEL = 'Band Minimum';
export const BAND_MAX_LABEL = 'Band Maximum';

/**
 * A cell's band: its spread either side (percent, null: the default ±10%) and the bounds typed
 * into it (null: from the spread). Absent from a write: kept as stored.
 */
const bandFields = {
  bandSpread: z
    .number({ error: `${BAND_SPREAD_LABEL} must be a number` })
    .min(0, `${BAND_SPREAD_LABEL} must be between 0 and 100 percent`)
    .max(100, `${BAND_SPREAD_LABEL} must be between 0 and 100 percent`)
    .refine(hasAtMostTwoDecimals, `${BAND_SPREAD_LABEL} must have at most 2 decimals`)
    .nullable()
    .optional()
    .describe('Percent either side of the base salary; null: the default 10%'),
  bandMin: amountField(BAND_MIN_LABEL).nullable().optional(),
  bandMax: amountField(BAND_MAX_LABEL).nullable().optional(),
};

/** The base salary is the band's midpoint: a typed minimum at most it, a typed maximum at least it. */
export function bandAroundAmount(
  cell: { amount?: number | null; bandMin?: number | null; bandMax?: number | null },
  ctx: z.RefinementCtx,
): void {
  if (cell.amount === null || cell.amount === undefined) return;
  if (cell.bandMin !== null && cell.bandMin !== undefined && cell.bandMin > cell.amount)
    ctx.addIssue({
      code: 'custom',
      path: ['bandMin'],
      message: `${BAND_MIN_LABEL} must be at most the ${AMOUNT}`,
    });
  if (cell.bandMax !== null && cell.bandMax !== undefined && cell.bandMax < cell.amount)
    ctx.addIssue({
      code: 'custom',
      path: ['bandMax'],
      message: `${BAND_MAX_LABEL} must be at least the ${AMOUNT}`,
    });
}

const baseSalaryFields = {
  gradeId: requiredId('Grade'),
  levelId: requiredId('Level'),
  amount: amountField(AMOUNT),
  ...bandFields,
};

export const createBaseSalaryBody = z.object(baseSalaryFields).superRefine(bandAroundAmount);
export type CreateBaseSalaryBody = z.input<typeof createBaseSalaryBody>;
/** The body as the server has it once parsed. */
export type NewBaseSalary = z.output<typeof createBaseSalaryBody>;

/** The inline form sends all three fields when editing too, and the version it read. */
export const updateBaseSalaryBody = z
  .object({ ...baseSalaryFields, version: versionField })
  .superRefine(bandAroundAmount);
export type UpdateBaseSalaryBody = z.input<typeof updateBaseSalaryBody>;

export const baseSalarySchema = z.object({
  id: z.number().int(),
  gradeId: z.number().int(),
  levelId: z.number().int(),
  /** Dollars with at most two decimals. */
  amount: z.number(),
  /** The spread typed for this cell, percent; null: the default 10%. */
  bandSpread: z.number().nullable(),
  /** The bounds typed into the cell; null: from the spread. */
  bandMin: z.number().nullable(),
  bandMax: z.number().nullable(),
  /** The band in force: the typed bounds, else the spread's, around the amount (the midpoint). */
  band: z.object({ min: z.number(), max: z.number() }),
  grade: gradeSchema.omit({ version: true }),
  level: levelSchema.omit({ version: true }),
  version: rowVersion,
});
export type BaseSalary = z.infer<typeof baseSalarySchema>;

/** At most every cell of a large matrix in one call. */
export const BULK_BASE_SALARIES_MAX = 2000;

/**
 * One cell of the Base Salaries grid: the amount of a grade and level, or `null` to clear it
 * (delete that base salary).
 */
export const baseSalaryCell = z
  .object({
    ...baseSalaryFields,
    amount: baseSalaryFields.amount.nullable(),
    version: z
      .number({ error: 'version must be a whole number' })
      .int('version must be a whole number')
      .min(0, 'version must be a whole number')
      .max(2_147_483_647, 'version is out of range')
      .optional()
      .describe(
        "The version of the cell's base salary when the grid was read; 0: it had none. A stale cell refuses the whole save (409 STALE_VERSION)",
      ),
  })
  .superRefine(bandAroundAmount);
export type BaseSalaryCell = z.input<typeof baseSalaryCell>;

/**
 * POST /base-salary/bulk: every changed cell of the grid, written in one transaction or not at
 * all. A refusal names each bad cell in `data.fields` as `cells.<index>.<field>`.
 */
export const bulkBaseSalariesBody = z.object({
  cells: z
    .array(baseSalaryCell)
    .min(1, 'Change at least one cell')
    .max(BULK_BASE_SALARIES_MAX, `At most ${BULK_BASE_SALARIES_MAX} cells at a time`),
});
export type BulkBaseSalariesBody = z.input<typeof bulkBaseSalariesBody>;
export type BaseSalaryCells = z.output<typeof bulkBaseSalariesBody>;

export const bulkBaseSalariesResult = z.object({
  /** Cells that got a base salary they did not have. */
  created: z.number().int(),
  /** Cells whose amount changed. */
  updated: z.number().int(),
  /** Cells cleared. */
  deleted: z.number().int(),
  /** The whole list after the save, in the list's order. */
  baseSalaries: z.array(baseSalarySchema),
});
export type BulkBaseSalariesResult = z.infer<typeof bulkBaseSalariesResult>;

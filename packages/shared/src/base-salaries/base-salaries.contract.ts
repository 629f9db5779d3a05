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

export const createBaseSalaryBody = z.object({
  gradeId: requiredId('Grade'),
  levelId: requiredId('Level'),
  amount: z
    .number({
      // An emptied number input reaches zodResolver as NaN (valueAsNumber) and JSON as null.
      error: (issue) =>
        issue.input === undefined || issue.input === null || Number.isNaN(issue.input)
          ? `${AMOUNT} is required`
          : `${AMOUNT} must be a number`,
    })
    .min(0, `${AMOUNT} must be 0 or more`)
    .max(BASE_SALARY_MAX, `${AMOUNT} must be at most 999,999,999.99`)
    .refine(hasAtMostTwoDecimals, `${AMOUNT} must have at most 2 decimals`)
    .describe('Dollars with at most two decimals'),
});
export type CreateBaseSalaryBody = z.input<typeof createBaseSalaryBody>;
/** The body as the server has it once parsed. */
export type NewBaseSalary = z.output<typeof createBaseSalaryBody>;

/** The inline form sends all three fields when editing too, and the version it read. */
export const updateBaseSalaryBody = createBaseSalaryBody.extend({ version: versionField });
export type UpdateBaseSalaryBody = z.input<typeof updateBaseSalaryBody>;

export const baseSalarySchema = z.object({
  id: z.number().int(),
  gradeId: z.number().int(),
  levelId: z.number().int(),
  /** Dollars with at most two decimals. */
  amount: z.number(),
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
export const baseSalaryCell = createBaseSalaryBody.extend({
  amount: createBaseSalaryBody.shape.amount.nullable(),
  version: z
    .number({ error: 'version must be a whole number' })
    .int('version must be a whole number')
    .min(0, 'version must be a whole number')
    .max(2_147_483_647, 'version is out of range')
    .optional()
    .describe(
      "The version of the cell's base salary when the grid was read; 0: it had none. A stale cell refuses the whole save (409 STALE_VERSION)",
    ),
});
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

import type { BaseSalary } from '@salary/shared/base-salaries/base-salaries.contract';
import { fromCents, toCents } from '@salary/shared/common/money';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { baseSalaries, grades, levels } from '../../db/schema.ts';
import { pairRuleRepository } from '../../lib/pair-rule.repository.ts';

export interface BaseSalaryInput {
  gradeId: number;
  levelId: number;
  /** Dollars with at most two decimals. */
  amount: number;
}

/** numeric comes back as an exact string; the API speaks dollars as a number. */
const toDollars = (numeric: string) => fromCents(toCents(numeric));
const toNumeric = (dollars: number) => String(fromCents(toCents(dollars)));

export function createBaseSalariesRepository(db: DbOrTx) {
  return pairRuleRepository(db, {
    table: baseSalaries,
    pair: [baseSalaries.gradeId, baseSalaries.levelId],
    select: async (on, where): Promise<BaseSalary[]> => {
      const rows = await on
        .select({
          id: baseSalaries.id,
          gradeId: baseSalaries.gradeId,
          levelId: baseSalaries.levelId,
          amount: baseSalaries.amount,
          grade: { id: grades.id, name: grades.name, order: grades.order },
          level: { id: levels.id, name: levels.name },
        })
        .from(baseSalaries)
        .innerJoin(grades, eq(grades.id, baseSalaries.gradeId))
        .innerJoin(levels, eq(levels.id, baseSalaries.levelId))
        .where(where)
        // The matrix reads grade by grade, levels in their creation order.
        .orderBy(asc(grades.order), asc(grades.id), asc(levels.id));
      return rows.map((row) => ({ ...row, amount: toDollars(row.amount) }));
    },
    values: (input: BaseSalaryInput) => ({
      gradeId: input.gradeId,
      levelId: input.levelId,
      amount: toNumeric(input.amount),
    }),
  });
}

export type BaseSalariesRepository = ReturnType<typeof createBaseSalariesRepository>;

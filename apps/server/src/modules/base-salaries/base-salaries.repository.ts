import type { BaseSalary } from '@salary/shared/base-salaries/base-salaries.contract';
import { fromCents, toCents } from '@salary/shared/common/money';
import { and, asc, eq, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { baseSalaries, grades, levels } from '../../db/schema.ts';

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
  const select = (where?: SQL) =>
    db
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
  const toBaseSalary = (row: Awaited<ReturnType<typeof select>>[number]): BaseSalary => ({
    ...row,
    amount: toDollars(row.amount),
  });
  const values = (input: BaseSalaryInput) => ({
    gradeId: input.gradeId,
    levelId: input.levelId,
    amount: toNumeric(input.amount),
  });

  return {
    async list(): Promise<BaseSalary[]> {
      return (await select()).map(toBaseSalary);
    },
    async findById(id: number): Promise<BaseSalary | undefined> {
      const [row] = await select(eq(baseSalaries.id, id));
      return row && toBaseSalary(row);
    },
    async findByGradeAndLevel(
      gradeId: number,
      levelId: number,
      exceptId?: number,
    ): Promise<{ id: number } | undefined> {
      const [row] = await db
        .select({ id: baseSalaries.id })
        .from(baseSalaries)
        .where(
          and(
            eq(baseSalaries.gradeId, gradeId),
            eq(baseSalaries.levelId, levelId),
            exceptId === undefined ? undefined : ne(baseSalaries.id, exceptId),
          ),
        )
        .limit(1);
      return row;
    },
    async insert(input: BaseSalaryInput): Promise<number> {
      const [row] = await db.insert(baseSalaries).values(values(input)).returning({ id: baseSalaries.id });
      return row!.id;
    },
    async update(id: number, input: BaseSalaryInput): Promise<boolean> {
      const rows = await db
        .update(baseSalaries)
        .set(values(input))
        .where(eq(baseSalaries.id, id))
        .returning({ id: baseSalaries.id });
      return rows.length > 0;
    },
    async delete(id: number): Promise<boolean> {
      const rows = await db
        .delete(baseSalaries)
        .where(eq(baseSalaries.id, id))
        .returning({ id: baseSalaries.id });
      return rows.length > 0;
    },
  };
}

export type BaseSalariesRepository = ReturnType<typeof createBaseSalariesRepository>;

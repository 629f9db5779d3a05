import type { Cents } from '@salary/shared/common/money';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { baseSalaries, grades, levels } from '../../db/schema.ts';
import { pairRuleRepository } from '../../lib/pair-rule.repository.ts';
import { existingIds } from '../../lib/table.repository.ts';
import type { BaseSalaryInput, BaseSalaryRow } from './base-salaries.wire.ts';

export type { BaseSalaryInput } from './base-salaries.wire.ts';

export function createBaseSalariesRepository(db: DbOrTx) {
  const rules = pairRuleRepository(db, {
    table: baseSalaries,
    pair: [baseSalaries.gradeId, baseSalaries.levelId],
    select: async (on, where): Promise<BaseSalaryRow[]> => {
      const rows = await on
        .select({
          id: baseSalaries.id,
          gradeId: baseSalaries.gradeId,
          levelId: baseSalaries.levelId,
          amount: baseSalaries.amount,
          grade: { id: grades.id, name: grades.name, order: grades.order },
          level: { id: levels.id, name: levels.name, order: levels.order },
          version: baseSalaries.version,
        })
        .from(baseSalaries)
        .innerJoin(grades, eq(grades.id, baseSalaries.gradeId))
        .innerJoin(levels, eq(levels.id, baseSalaries.levelId))
        .where(where)
        // The matrix reads grade by grade, levels in their order.
        .orderBy(asc(grades.order), asc(grades.id), asc(levels.order), asc(levels.id));
      return rows;
    },
    values: (input: BaseSalaryInput) => ({
      gradeId: input.gradeId,
      levelId: input.levelId,
      amount: input.amount,
    }),
  });
  return {
    ...rules,

    /** Which of these grade and level ids exist (the grid's cells are checked all at once). */
    async existingReferences(gradeIds: number[], levelIds: number[]) {
      const [foundGrades, foundLevels] = await Promise.all([
        existingIds(db, grades, gradeIds),
        existingIds(db, levels, levelIds),
      ]);
      return { grades: foundGrades, levels: foundLevels };
    },

    /**
     * Every stored (grade, level) → its id, amount in cents and version, for telling a new cell
     * from a changed one and a stale cell from a current one; locked until the save ends.
     */
    async storedByPair(): Promise<Map<string, { id: number; cents: Cents; version: number }>> {
      const rows = await db
        .select({
          id: baseSalaries.id,
          gradeId: baseSalaries.gradeId,
          levelId: baseSalaries.levelId,
          amount: baseSalaries.amount,
          version: baseSalaries.version,
        })
        .from(baseSalaries)
        .for('update');
      return new Map(
        rows.map((r) => [`${r.gradeId}:${r.levelId}`, { id: r.id, cents: r.amount, version: r.version }]),
      );
    },

    /** "Junior / Level 1" of each (grade, level), by `gradeId:levelId`, whether it has a base salary or not. */
    async pairNames(pairs: { gradeId: number; levelId: number }[]): Promise<Map<string, string>> {
      const [gradeRows, levelRows] = await Promise.all([
        db
          .select({ id: grades.id, name: grades.name })
          .from(grades)
          .where(inArray(grades.id, [...new Set(pairs.map((p) => p.gradeId))])),
        db
          .select({ id: levels.id, name: levels.name })
          .from(levels)
          .where(inArray(levels.id, [...new Set(pairs.map((p) => p.levelId))])),
      ]);
      const grade = new Map(gradeRows.map((r) => [r.id, r.name]));
      const level = new Map(levelRows.map((r) => [r.id, r.name]));
      return new Map(
        pairs.map((p) => [`${p.gradeId}:${p.levelId}`, `${grade.get(p.gradeId)} / ${level.get(p.levelId)}`]),
      );
    },

    /** Sets many cells in one statement: a new pair is inserted, a stored one gets the amount. */
    async upsertMany(cells: BaseSalaryInput[]): Promise<void> {
      if (cells.length === 0) return;
      await db
        .insert(baseSalaries)
        .values(cells.map((c) => ({ gradeId: c.gradeId, levelId: c.levelId, amount: c.amount })))
        .onConflictDoUpdate({
          target: [baseSalaries.gradeId, baseSalaries.levelId],
          set: { amount: sql`excluded.amount`, version: sql`${baseSalaries.version} + 1` },
        });
    },

    /** Clears the given cells; answers how many base salaries there were. */
    async deletePairs(pairs: { gradeId: number; levelId: number }[]): Promise<number> {
      let deleted = 0;
      for (const pair of pairs) {
        const rows = await db
          .delete(baseSalaries)
          .where(and(eq(baseSalaries.gradeId, pair.gradeId), eq(baseSalaries.levelId, pair.levelId)))
          .returning({ id: baseSalaries.id });
        deleted += rows.length;
      }
      return deleted;
    },
  };
}

export type BaseSalariesRepository = ReturnType<typeof createBaseSalariesRepository>;

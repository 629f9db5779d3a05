import type { BasisPoints, Cents } from '@salary/shared/common/money';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { baseSalaries, grades, levels } from '../../db/schema.ts';
import { pairRuleRepository } from '../../lib/pair-rule.repository.ts';
import { existingIds } from '../../lib/table.repository.ts';
import type { BaseSalaryInput, BaseSalaryRow } from './base-salaries.wire.ts';

export type { BaseSalaryInput } from './base-salaries.wire.ts';

/** A stored cell as the grid's save compares it: cents and basis points. */
export interface StoredCell {
  id: number;
  cents: Cents;
  bandSpread: BasisPoints | null;
  bandMin: Cents | null;
  bandMax: Cents | null;
  version: number;
}

const BAND_COLUMNS = ['bandSpread', 'bandMin', 'bandMax'] as const;
const BAND_SQL = { bandSpread: 'band_spread', bandMin: 'band_min', bandMax: 'band_max' } as const;

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
          bandSpread: baseSalaries.bandSpread,
          bandMin: baseSalaries.bandMin,
          bandMax: baseSalaries.bandMax,
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
    // A band field the write does not give is left as stored (undefined is no column).
    values: (input: BaseSalaryInput) => ({
      gradeId: input.gradeId,
      levelId: input.levelId,
      amount: input.amount,
      bandSpread: input.bandSpread,
      bandMin: input.bandMin,
      bandMax: input.bandMax,
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
    async storedByPair(): Promise<Map<string, StoredCell>> {
      const rows = await db
        .select({
          id: baseSalaries.id,
          gradeId: baseSalaries.gradeId,
          levelId: baseSalaries.levelId,
          amount: baseSalaries.amount,
          bandSpread: baseSalaries.bandSpread,
          bandMin: baseSalaries.bandMin,
          bandMax: baseSalaries.bandMax,
          version: baseSalaries.version,
        })
        .from(baseSalaries)
        .for('update');
      return new Map(
        rows.map((r) => [
          `${r.gradeId}:${r.levelId}`,
          {
            id: r.id,
            cents: r.amount,
            bandSpread: r.bandSpread,
            bandMin: r.bandMin,
            bandMax: r.bandMax,
            version: r.version,
          },
        ]),
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

    /**
     * Sets many cells: a new pair is inserted, a stored one gets the amount and the band fields
     * its cell gives (the others kept). One statement per set of band fields given.
     */
    async upsertMany(cells: BaseSalaryInput[]): Promise<void> {
      const groups = new Map<string, BaseSalaryInput[]>();
      for (const cell of cells) {
        const given = BAND_COLUMNS.filter((k) => cell[k] !== undefined).join(',');
        groups.set(given, [...(groups.get(given) ?? []), cell]);
      }
      for (const [given, group] of groups) {
        const band = given ? (given.split(',') as (typeof BAND_COLUMNS)[number][]) : [];
        await db
          .insert(baseSalaries)
          .values(
            group.map((c) => ({
              gradeId: c.gradeId,
              levelId: c.levelId,
              amount: c.amount,
              bandSpread: c.bandSpread ?? null,
              bandMin: c.bandMin ?? null,
              bandMax: c.bandMax ?? null,
            })),
          )
          .onConflictDoUpdate({
            target: [baseSalaries.gradeId, baseSalaries.levelId],
            set: {
              amount: sql`excluded.amount`,
              ...Object.fromEntries(band.map((k) => [k, sql.raw(`excluded.${BAND_SQL[k]}`)])),
              version: sql`${baseSalaries.version} + 1`,
            },
          });
      }
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

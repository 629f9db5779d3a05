import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  adjustmentFactors,
  baseSalaries,
  grades,
  jobs,
  levels,
  positions,
  settings,
} from '../../db/schema.ts';
import { currentSnapshot } from './snapshot-cache.ts';

export interface FactorRecord {
  jobId: number;
  positionId: number;
  type: 'PERCENTAGE' | 'FIXED';
  factor: number;
}

export interface ReferenceIds {
  jobId: number;
  positionId: number;
  gradeId: number;
  levelId: number;
}

/** Which of the four references exist, and which job the position belongs to. */
export interface References {
  job: boolean;
  positionJobId: number | null;
  grade: boolean;
  level: boolean;
}

const SETTINGS_ID = 1;

/** The four references as columns of one statement: id lookups on primary keys. */
function referenceColumns(ids: ReferenceIds) {
  return {
    job: sql<boolean>`exists (select 1 from ${jobs} where ${jobs.id} = ${ids.jobId})`,
    positionJobId: sql<
      number | null
    >`(select ${positions.jobId} from ${positions} where ${positions.id} = ${ids.positionId})`,
    grade: sql<boolean>`exists (select 1 from ${grades} where ${grades.id} = ${ids.gradeId})`,
    level: sql<boolean>`exists (select 1 from ${levels} where ${levels.id} = ${ids.levelId})`,
  };
}

/** Reads the rules a calculation needs: base salaries, adjustment factors, what exists. */
export function createCalculatorRepository(db: DbOrTx) {
  return {
    async baseSalary(gradeId: number, levelId: number): Promise<number | null> {
      const [row] = await db
        .select({ amount: baseSalaries.amount })
        .from(baseSalaries)
        .where(and(eq(baseSalaries.gradeId, gradeId), eq(baseSalaries.levelId, levelId)))
        .limit(1);
      return row ? Number(row.amount) : null;
    },

    async factor(jobId: number, positionId: number): Promise<FactorRecord | null> {
      const [row] = await db
        .select()
        .from(adjustmentFactors)
        .where(and(eq(adjustmentFactors.jobId, jobId), eq(adjustmentFactors.positionId, positionId)))
        .limit(1);
      return row
        ? { jobId: row.jobId, positionId: row.positionId, type: row.type, factor: Number(row.factor) }
        : null;
    },

    async allBaseSalaries(): Promise<Array<{ gradeId: number; levelId: number; amount: number }>> {
      const rows = await db.select().from(baseSalaries);
      return rows.map((r) => ({ gradeId: r.gradeId, levelId: r.levelId, amount: Number(r.amount) }));
    },

    async allFactors(): Promise<FactorRecord[]> {
      const rows = await db.select().from(adjustmentFactors);
      return rows.map((r) => ({
        jobId: r.jobId,
        positionId: r.positionId,
        type: r.type,
        factor: Number(r.factor),
      }));
    },

    /** Which of the four references exist, and which job the position belongs to: one statement. */
    async references(ids: ReferenceIds): Promise<References> {
      const [row] = await db.select(referenceColumns(ids)).from(sql`(select 1) as one`);
      return {
        job: Boolean(row?.job),
        positionJobId: row?.positionJobId ?? null,
        grade: Boolean(row?.grade),
        level: Boolean(row?.level),
      };
    },

    /**
     * Everything one calculation reads — the settings record, the references, the base
     * salary and the adjustment factor — in ONE statement, with the snapshot it read at.
     * `settings` is undefined only if the settings row is missing (the caller recreates it).
     */
    async profileRules(ids: ReferenceIds) {
      const [row] = await db
        .select({
          settings,
          snapshot: currentSnapshot,
          ...referenceColumns(ids),
          baseSalary: sql<string | null>`(select ${baseSalaries.amount}::text from ${baseSalaries}
            where ${baseSalaries.gradeId} = ${ids.gradeId} and ${baseSalaries.levelId} = ${ids.levelId})`,
          factor: sql<string | null>`(select ${adjustmentFactors.factor}::text from ${adjustmentFactors}
            where ${adjustmentFactors.jobId} = ${ids.jobId} and ${adjustmentFactors.positionId} = ${ids.positionId})`,
          factorType: sql<
            'PERCENTAGE' | 'FIXED' | null
          >`(select ${adjustmentFactors.type} from ${adjustmentFactors}
            where ${adjustmentFactors.jobId} = ${ids.jobId} and ${adjustmentFactors.positionId} = ${ids.positionId})`,
        })
        .from(sql`(select 1) as one`)
        .leftJoin(settings, eq(settings.id, SETTINGS_ID));
      if (!row) throw new Error('profileRules: no row');
      const references: References = {
        job: Boolean(row.job),
        positionJobId: row.positionJobId ?? null,
        grade: Boolean(row.grade),
        level: Boolean(row.level),
      };
      const factor: FactorRecord | null =
        row.factor === null || row.factorType === null
          ? null
          : {
              jobId: ids.jobId,
              positionId: ids.positionId,
              type: row.factorType,
              factor: Number(row.factor),
            };
      return {
        snapshot: row.snapshot,
        settings: row.settings ?? undefined,
        references,
        baseSalary: row.baseSalary === null ? null : Number(row.baseSalary),
        factor,
      };
    },
  };
}

export type CalculatorRepository = ReturnType<typeof createCalculatorRepository>;

import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { adjustmentFactors, baseSalaries, grades, jobs, levels, positions } from '../../db/schema.ts';

export interface FactorRecord {
  jobId: number;
  positionId: number;
  type: 'PERCENTAGE' | 'FIXED';
  factor: number;
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

    /** Which of the four references exist, and which job the position belongs to. */
    async references(ids: { jobId: number; positionId: number; gradeId: number; levelId: number }) {
      const [job] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, ids.jobId)).limit(1);
      const [position] = await db
        .select({ jobId: positions.jobId })
        .from(positions)
        .where(eq(positions.id, ids.positionId))
        .limit(1);
      const [grade] = await db
        .select({ id: grades.id })
        .from(grades)
        .where(eq(grades.id, ids.gradeId))
        .limit(1);
      const [level] = await db
        .select({ id: levels.id })
        .from(levels)
        .where(eq(levels.id, ids.levelId))
        .limit(1);
      return {
        job: Boolean(job),
        positionJobId: position?.jobId ?? null,
        grade: Boolean(grade),
        level: Boolean(level),
      };
    },
  };
}

export type CalculatorRepository = ReturnType<typeof createCalculatorRepository>;

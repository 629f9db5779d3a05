import type {
  AdjustmentFactor,
  AdjustmentType,
} from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { fromCents, toCents } from '@salary/shared/common/money';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { adjustmentFactors, jobs, positions } from '../../db/schema.ts';

export interface AdjustmentFactorInput {
  jobId: number;
  positionId: number;
  factor: number;
  type: AdjustmentType;
}

/**
 * numeric(14,4) holds both kinds: a PERCENTAGE factor is a fraction with up to four
 * decimals, a FIXED one is money with cents. Both are exact in the column and leave as numbers.
 */
const toFactor = (numeric: string, type: AdjustmentType) =>
  type === 'FIXED' ? fromCents(toCents(numeric)) : Math.round(Number(numeric) * 10_000) / 10_000;
const toNumeric = (factor: number, type: AdjustmentType) =>
  type === 'FIXED' ? String(fromCents(toCents(factor))) : String(Math.round(factor * 10_000) / 10_000);

export function createAdjustmentFactorsRepository(db: DbOrTx) {
  const select = (where?: SQL) =>
    db
      .select({
        id: adjustmentFactors.id,
        jobId: adjustmentFactors.jobId,
        positionId: adjustmentFactors.positionId,
        factor: adjustmentFactors.factor,
        type: adjustmentFactors.type,
        job: { id: jobs.id, name: jobs.name },
        position: { id: positions.id, name: positions.name },
      })
      .from(adjustmentFactors)
      .innerJoin(jobs, eq(jobs.id, adjustmentFactors.jobId))
      .innerJoin(positions, eq(positions.id, adjustmentFactors.positionId))
      .where(where)
      .orderBy(sql`lower(${jobs.name})`, sql`lower(${positions.name})`, asc(adjustmentFactors.id));
  const toAdjustmentFactor = (row: Awaited<ReturnType<typeof select>>[number]): AdjustmentFactor => ({
    ...row,
    factor: toFactor(row.factor, row.type),
  });
  const values = (input: AdjustmentFactorInput) => ({
    jobId: input.jobId,
    positionId: input.positionId,
    type: input.type,
    factor: toNumeric(input.factor, input.type),
  });

  return {
    /** By job, then position, as the table reads. */
    async list(): Promise<AdjustmentFactor[]> {
      return (await select()).map(toAdjustmentFactor);
    },
    async findById(id: number): Promise<AdjustmentFactor | undefined> {
      const [row] = await select(eq(adjustmentFactors.id, id));
      return row && toAdjustmentFactor(row);
    },
    async findByJobAndPosition(
      jobId: number,
      positionId: number,
      exceptId?: number,
    ): Promise<{ id: number } | undefined> {
      const [row] = await db
        .select({ id: adjustmentFactors.id })
        .from(adjustmentFactors)
        .where(
          and(
            eq(adjustmentFactors.jobId, jobId),
            eq(adjustmentFactors.positionId, positionId),
            exceptId === undefined ? undefined : ne(adjustmentFactors.id, exceptId),
          ),
        )
        .limit(1);
      return row;
    },
    async insert(input: AdjustmentFactorInput): Promise<number> {
      const [row] = await db
        .insert(adjustmentFactors)
        .values(values(input))
        .returning({ id: adjustmentFactors.id });
      return row!.id;
    },
    async update(id: number, input: AdjustmentFactorInput): Promise<boolean> {
      const rows = await db
        .update(adjustmentFactors)
        .set(values(input))
        .where(eq(adjustmentFactors.id, id))
        .returning({ id: adjustmentFactors.id });
      return rows.length > 0;
    },
    async delete(id: number): Promise<boolean> {
      const rows = await db
        .delete(adjustmentFactors)
        .where(eq(adjustmentFactors.id, id))
        .returning({ id: adjustmentFactors.id });
      return rows.length > 0;
    },
  };
}

export type AdjustmentFactorsRepository = ReturnType<typeof createAdjustmentFactorsRepository>;

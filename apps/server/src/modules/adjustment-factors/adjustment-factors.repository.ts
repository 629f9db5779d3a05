import type {
  AdjustmentFactor,
  AdjustmentType,
} from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { fromCents, toCents } from '@salary/shared/common/money';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { adjustmentFactors, jobs, positions } from '../../db/schema.ts';
import { pairRuleRepository } from '../../lib/pair-rule.repository.ts';

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
  return pairRuleRepository(db, {
    table: adjustmentFactors,
    pair: [adjustmentFactors.jobId, adjustmentFactors.positionId],
    /** By job, then position, as the table reads. */
    select: async (on, where): Promise<AdjustmentFactor[]> => {
      const rows = await on
        .select({
          id: adjustmentFactors.id,
          jobId: adjustmentFactors.jobId,
          positionId: adjustmentFactors.positionId,
          factor: adjustmentFactors.factor,
          type: adjustmentFactors.type,
          job: { id: jobs.id, name: jobs.name },
          position: { id: positions.id, name: positions.name },
          version: adjustmentFactors.version,
        })
        .from(adjustmentFactors)
        .innerJoin(jobs, eq(jobs.id, adjustmentFactors.jobId))
        .innerJoin(positions, eq(positions.id, adjustmentFactors.positionId))
        .where(where)
        .orderBy(sql`lower(${jobs.name})`, sql`lower(${positions.name})`, asc(adjustmentFactors.id));
      return rows.map((row) => ({ ...row, factor: toFactor(row.factor, row.type) }));
    },
    values: (input: AdjustmentFactorInput) => ({
      jobId: input.jobId,
      positionId: input.positionId,
      type: input.type,
      factor: toNumeric(input.factor, input.type),
    }),
  });
}

export type AdjustmentFactorsRepository = ReturnType<typeof createAdjustmentFactorsRepository>;

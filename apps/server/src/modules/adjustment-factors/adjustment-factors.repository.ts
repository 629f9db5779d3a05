import type {
  AdjustmentFactor,
  AdjustmentType,
} from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { fromFactorUnits, type RuleUnits, toFactorUnits } from '@salary/shared/common/money';
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
 * One bigint holds both kinds (migration 0016): a PERCENTAGE factor in basis points of base
 * (the API's fraction with up to four decimals × 10,000), a FIXED one in cents. The money
 * module converts both ways, exactly.
 */
const toFactor = (units: number, type: AdjustmentType) => fromFactorUnits(units as RuleUnits, type);

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
      factor: toFactorUnits(input.factor, input.type),
    }),
  });
}

export type AdjustmentFactorsRepository = ReturnType<typeof createAdjustmentFactorsRepository>;

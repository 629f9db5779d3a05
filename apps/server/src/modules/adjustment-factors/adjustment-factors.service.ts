import type {
  AdjustmentFactor,
  createAdjustmentFactorBody,
} from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import type { Actor } from '@salary/shared/common/permissions';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { requireMoneyRulesReader, requirePermission } from '../../lib/authorize.ts';
import { PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts';
import { createJobsRepository } from '../jobs/jobs.repository.ts';
import { createPositionsRepository } from '../positions/positions.repository.ts';
import { createAdjustmentFactorsRepository } from './adjustment-factors.repository.ts';

type FactorInput = z.output<typeof createAdjustmentFactorBody>;

const FACTOR_NOT_FOUND = 'Adjustment factor not found';
const invalid = (field: 'jobId' | 'positionId', message: string) => badRequest(message, [{ field, message }]);

export function createAdjustmentFactorsService(deps: { db: Db }) {
  const factors = createAdjustmentFactorsRepository(deps.db);
  const jobs = createJobsRepository(deps.db);
  const positions = createPositionsRepository(deps.db);

  /**
   * The job must exist, the position must be one of its positions, and (job, position)
   * may have one factor only; the foreign keys and unique index still decide races.
   */
  async function save(input: FactorInput, exceptId: number | undefined, run: () => Promise<number>) {
    const job = await jobs.findById(input.jobId);
    if (!job) throw invalid('jobId', 'Job not found');
    const position = await positions.findById(input.positionId);
    if (!position) throw invalid('positionId', 'Position not found');
    if (position.jobId !== job.id)
      throw invalid('positionId', 'Position does not belong to the selected job');
    const duplicate = conflict(`An adjustment factor for ${job.name} / ${position.name} already exists`);
    if (await factors.findByJobAndPosition(job.id, position.id, exceptId)) throw duplicate;
    let id: number;
    try {
      id = await run();
    } catch (error) {
      const code = pgErrorCode(error);
      if (code === PG_UNIQUE_VIOLATION) throw duplicate;
      // The position was moved or deleted since the checks above.
      if (code === PG_FOREIGN_KEY_VIOLATION)
        throw invalid('positionId', 'Position does not belong to the selected job');
      throw error;
    }
    const saved = await factors.findById(id);
    if (!saved) throw notFound(FACTOR_NOT_FOUND);
    return saved;
  }

  return {
    list(actor: Actor): Promise<AdjustmentFactor[]> {
      requireMoneyRulesReader(actor);
      return factors.list();
    },

    async create(actor: Actor, input: FactorInput): Promise<AdjustmentFactor> {
      requirePermission(actor, 'manageSettings');
      return save(input, undefined, () => factors.insert(input));
    },

    async update(actor: Actor, id: number, input: FactorInput): Promise<AdjustmentFactor> {
      requirePermission(actor, 'manageSettings');
      if (!(await factors.findById(id))) throw notFound(FACTOR_NOT_FOUND);
      return save(input, id, async () => {
        if (!(await factors.update(id, input))) throw notFound(FACTOR_NOT_FOUND);
        return id;
      });
    },

    async remove(actor: Actor, id: number): Promise<void> {
      requirePermission(actor, 'manageSettings');
      if (!(await factors.delete(id))) throw notFound(FACTOR_NOT_FOUND);
    },
  };
}

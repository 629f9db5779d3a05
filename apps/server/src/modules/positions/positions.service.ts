import type { Actor } from '@salary/shared/common/permissions';
import type { createPositionBody, Position } from '@salary/shared/positions/positions.contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { requirePermission } from '../../lib/authorize.ts';
import { PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts';
import { createJobsRepository } from '../jobs/jobs.repository.ts';
import { createPositionsRepository } from './positions.repository.ts';

type PositionInput = z.output<typeof createPositionBody>;

const POSITION_NOT_FOUND = 'Position not found';
const duplicate = (name: string, jobName: string) =>
  conflict(`A position named "${name}" already exists in job "${jobName}"`);
const employeesAssigned = (n: number) => `${n} employee${n === 1 ? ' is' : 's are'} assigned to it`;

export function createPositionsService(deps: { db: Db }) {
  const { db } = deps;
  const positions = createPositionsRepository(db);
  const jobs = createJobsRepository(db);

  async function requireJob(jobId: number) {
    const job = await jobs.findById(jobId);
    if (!job) throw badRequest('Job not found', [{ field: 'jobId', message: 'Job not found' }]);
    return job;
  }

  async function reread(id: number): Promise<Position> {
    const position = await positions.findById(id);
    if (!position) throw notFound(POSITION_NOT_FOUND);
    return position;
  }

  return {
    list: (jobId?: number): Promise<Position[]> => positions.list(jobId),

    async create(actor: Actor, input: PositionInput): Promise<Position> {
      requirePermission(actor, 'manageSettings');
      const job = await requireJob(input.jobId);
      const existing = await positions.findByName(job.id, input.name);
      if (existing) throw duplicate(existing.name, job.name);
      try {
        const row = await positions.insert({ name: input.name, jobId: job.id });
        return { id: row.id, name: row.name, jobId: job.id, job: { id: job.id, name: job.name } };
      } catch (error) {
        // The unique index decides a race between two identical creates.
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw duplicate(input.name, job.name);
        throw error;
      }
    },

    /**
     * Renames and/or moves a position. Employees and factors reference (job, position)
     * together, so a position they use cannot change its job: say so instead of failing.
     */
    async update(actor: Actor, id: number, input: PositionInput): Promise<Position> {
      requirePermission(actor, 'manageSettings');
      const current = await positions.findById(id);
      if (!current) throw notFound(POSITION_NOT_FOUND);
      const job = await requireJob(input.jobId);
      if (job.id !== current.jobId) {
        const blockers: string[] = [];
        const assigned = await positions.countEmployees(id);
        if (assigned > 0) blockers.push(employeesAssigned(assigned));
        if ((await positions.countAdjustmentFactors(id)) > 0) blockers.push('it has an adjustment factor');
        if (blockers.length > 0) {
          throw conflict(
            `Cannot move position "${current.name}" from job "${current.job.name}" to job "${job.name}": ${blockers.join(' and ')}`,
          );
        }
      }
      const existing = await positions.findByName(job.id, input.name, id);
      if (existing) throw duplicate(existing.name, job.name);
      try {
        if (!(await positions.update(id, { name: input.name, jobId: job.id })))
          throw notFound(POSITION_NOT_FOUND);
      } catch (error) {
        const code = pgErrorCode(error);
        if (code === PG_UNIQUE_VIOLATION) throw duplicate(input.name, job.name);
        // An employee or factor added since the check: the composite foreign key refuses the move.
        if (code === PG_FOREIGN_KEY_VIOLATION)
          throw conflict(`Cannot move position "${current.name}": employees or an adjustment factor use it`);
        throw error;
      }
      return reread(id);
    },

    /** Refused while employees hold the position; its adjustment factor goes with it. */
    async remove(actor: Actor, id: number): Promise<void> {
      requirePermission(actor, 'manageSettings');
      try {
        await db.transaction(async (tx) => {
          const repo = createPositionsRepository(tx);
          const position = await repo.findById(id);
          if (!position) throw notFound(POSITION_NOT_FOUND);
          const assigned = await repo.countEmployees(id);
          if (assigned > 0)
            throw conflict(`Cannot delete position "${position.name}": ${employeesAssigned(assigned)}`);
          if (!(await repo.delete(id))) throw notFound(POSITION_NOT_FOUND);
        });
      } catch (error) {
        if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION)
          throw conflict('Cannot delete position: employees are assigned to it');
        throw error;
      }
    },
  };
}

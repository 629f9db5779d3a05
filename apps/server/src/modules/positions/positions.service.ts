import type { Actor } from '@salary/shared/common/permissions';
import type {
  createPositionBody,
  Position,
  updatePositionBody,
} from '@salary/shared/positions/positions.contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import { namedListRules } from '../../lib/named-list.service.ts';
import type { RowFinder } from '../../lib/pair-rule.service.ts';
import { PG_FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts';
import { diffFields } from '../audit/audit.diff.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { createPositionsRepository } from './positions.repository.ts';

type PositionInput = z.output<typeof createPositionBody>;
type PositionChanges = z.output<typeof updatePositionBody>;

/** A named list whose names are unique within a job, and which belongs to that job. */
export function createPositionsService(deps: {
  db: Db;
  audit: Pick<AuditService, 'record' | 'staleVersion'>;
  jobs: RowFinder<{ id: number; name: string }>;
}) {
  const { db, jobs } = deps;
  const positions = createPositionsRepository(db);
  const rules = namedListRules(positions, { noun: 'position', audit: deps.audit });

  async function requireJob(jobId: number) {
    const job = await jobs.findById(jobId);
    if (!job) throw badRequest('Job not found', [{ field: 'jobId', message: 'Job not found' }]);
    return job;
  }

  /** Names are checked within the job, and the 409 names it. */
  const inJob = (job: { id: number; name: string }) => ({
    scope: job.id,
    duplicate: (name: string) => conflict(`A position named "${name}" already exists in job "${job.name}"`),
  });

  return {
    /** Every position, or those of `query.jobId` (GET /positions?jobId=). */
    list: (_actor: Actor, query: { jobId?: number } = {}): Promise<Position[]> => positions.list(query.jobId),

    async create(actor: Actor, input: PositionInput): Promise<Position> {
      rules.requireWriter(actor);
      const job = await requireJob(input.jobId);
      return rules.create(actor, { name: input.name, jobId: job.id }, inJob(job));
    },

    /**
     * Renames and/or moves a position. Employees and factors reference (job, position)
     * together, so a position they use cannot change its job: say so instead of failing.
     */
    async update(actor: Actor, id: number, input: PositionChanges): Promise<Position> {
      rules.requireWriter(actor);
      const current = await rules.findAtVersion(id, input.version);
      const job = await requireJob(input.jobId);
      if (job.id !== current.jobId) {
        const blockers: string[] = [];
        const assigned = await positions.countEmployees(id);
        if (assigned > 0) blockers.push(rules.employeesAssigned(assigned));
        if ((await positions.countAdjustmentFactors(id)) > 0) blockers.push('it has an adjustment factor');
        if (blockers.length > 0) {
          throw conflict(
            `Cannot move position "${current.name}" from job "${current.job.name}" to job "${job.name}": ${blockers.join(' and ')}`,
          );
        }
      }
      const check = { ...inJob(job), exceptId: id };
      await rules.ensureNameFree(input.name, check);
      try {
        await rules.write(
          input.name,
          async () => {
            if (!(await positions.update(id, { name: input.name, jobId: job.id }))) throw rules.missing();
          },
          check,
        );
      } catch (error) {
        // An employee or factor added since the check: the composite foreign key refuses the move.
        if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION)
          throw conflict(`Cannot move position "${current.name}": employees or an adjustment factor use it`);
        throw error;
      }
      const after = await rules.find(id);
      await deps.audit.record({
        action: 'update',
        entityType: 'position',
        entityId: id,
        label: rules.label(current),
        changes: diffFields(
          { name: current.name, jobId: current.jobId },
          { name: after.name, jobId: after.jobId },
        ),
      });
      return after;
    },

    /** Refused while employees hold the position; its adjustment factor goes with it. */
    remove: (actor: Actor, id: number, version?: number): Promise<void> =>
      rules.removeUnlessAssigned(actor, db, id, positions.countEmployees, undefined, version),
  };
}

import type { Actor } from '@salary/shared/common/permissions';
import type {
  createPositionBody,
  Position,
  updatePositionBody,
} from '@salary/shared/positions/positions.contract';
import type { z } from 'zod';
import { badRequest, conflict } from '../../lib/app-error.ts';
import { namedListRules } from '../../lib/named-list.service.ts';
import type { RowFinder } from '../../lib/pair-rule.service.ts';
import { PG_FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts';
import type { RepositoryOn, UnitOfWork } from '../../lib/unit-of-work.ts';
import { diffFields } from '../audit/audit.diff.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { PositionsRepository } from './positions.repository.ts';

type PositionInput = z.output<typeof createPositionBody>;
type PositionChanges = z.output<typeof updatePositionBody>;

/** A named list whose names are unique within a job, and which belongs to that job. */
export function createPositionsService(deps: {
  positions: RepositoryOn<PositionsRepository>;
  audit: Pick<AuditService, 'record' | 'staleVersion'>;
  jobs: RowFinder<{ id: number; name: string }>;
}) {
  const { jobs } = deps;
  const positions = deps.positions();
  const rules = namedListRules(deps.positions, { noun: 'position', audit: deps.audit });

  async function requireJob(uow: UnitOfWork, jobId: number) {
    const job = await jobs(uow.tx).findById(jobId);
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

    async create(uow: UnitOfWork, actor: Actor, input: PositionInput): Promise<Position> {
      rules.requireWriter(actor);
      const job = await requireJob(uow, input.jobId);
      return rules.create(uow, actor, { name: input.name, jobId: job.id }, inJob(job));
    },

    /**
     * Renames and/or moves a position. Employees and factors reference (job, position)
     * together, so a position they use cannot change its job: say so instead of failing.
     */
    async update(uow: UnitOfWork, actor: Actor, id: number, input: PositionChanges): Promise<Position> {
      rules.requireWriter(actor);
      const current = await rules.findAtVersion(uow, id, input.version);
      const job = await requireJob(uow, input.jobId);
      const inUnit = deps.positions(uow.tx);
      if (job.id !== current.jobId) {
        const blockers: string[] = [];
        const assigned = await inUnit.countEmployees(id);
        if (assigned > 0) blockers.push(rules.employeesAssigned(assigned));
        if ((await inUnit.countAdjustmentFactors(id)) > 0) blockers.push('it has an adjustment factor');
        if (blockers.length > 0) {
          throw conflict(
            `Cannot move position "${current.name}" from job "${current.job.name}" to job "${job.name}": ${blockers.join(' and ')}`,
          );
        }
      }
      const check = { ...inJob(job), exceptId: id };
      await rules.ensureNameFree(uow, input.name, check);
      try {
        await rules.write(
          input.name,
          async () => {
            if (!(await inUnit.update(id, { name: input.name, jobId: job.id }))) throw rules.missing();
          },
          check,
        );
      } catch (error) {
        // An employee or factor added since the check: the composite foreign key refuses the move.
        if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION)
          throw conflict(`Cannot move position "${current.name}": employees or an adjustment factor use it`);
        throw error;
      }
      const after = await rules.find(id, uow.tx);
      await deps.audit.record(uow, {
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
    remove: (uow: UnitOfWork, actor: Actor, id: number, version?: number): Promise<void> =>
      rules.removeUnlessAssigned(uow, actor, id, positions.countEmployees, undefined, version),
  };
}

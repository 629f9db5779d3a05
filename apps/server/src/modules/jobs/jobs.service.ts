import type { Actor } from '@salary/shared/common/permissions';
import { namedListRules, nameOnlyCalls } from '../../lib/named-list.service.ts';
import type { RepositoryOn, UnitOfWork } from '../../lib/unit-of-work.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { JobsRepository } from './jobs.repository.ts';

export function createJobsService(deps: {
  jobs: RepositoryOn<JobsRepository>;
  audit: Pick<AuditService, 'record' | 'staleVersion'>;
}) {
  const rules = namedListRules(deps.jobs, { noun: 'job', audit: deps.audit });

  return {
    ...nameOnlyCalls(deps.jobs(), rules),

    /**
     * Employees keep a job (and its positions) alive; without them the job goes together
     * with its positions and adjustment factors, all or nothing.
     */
    remove: (uow: UnitOfWork, actor: Actor, id: number, version?: number): Promise<void> =>
      rules.removeUnlessAssigned(uow, actor, id, deps.jobs().countEmployees, undefined, version),
  };
}

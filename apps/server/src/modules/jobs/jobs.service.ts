import type { Actor } from '@salary/shared/common/permissions';
import type { Db } from '../../db/client.ts';
import { namedListRules, nameOnlyCalls } from '../../lib/named-list.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { createJobsRepository } from './jobs.repository.ts';

export function createJobsService(deps: { db: Db; audit: Pick<AuditService, 'record' | 'staleVersion'> }) {
  const { db } = deps;
  const jobs = createJobsRepository(db);
  const rules = namedListRules(jobs, { noun: 'job', audit: deps.audit });

  return {
    ...nameOnlyCalls(jobs, rules),

    /**
     * Employees keep a job (and its positions) alive; without them the job goes together
     * with its positions and adjustment factors, all or nothing.
     */
    remove: (actor: Actor, id: number, version?: number): Promise<void> =>
      rules.removeUnlessAssigned(actor, db, id, jobs.countEmployees, undefined, version),
  };
}

import type { Actor } from '@salary/shared/common/permissions';
import type { createJobBody, Job } from '@salary/shared/jobs/jobs.contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { namedListRules } from '../../lib/named-list.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { createJobsRepository } from './jobs.repository.ts';

type JobInput = z.output<typeof createJobBody>;

export function createJobsService(deps: { db: Db; audit: Pick<AuditService, 'record'> }) {
  const { db } = deps;
  const jobs = createJobsRepository(db);
  const rules = namedListRules(jobs, { noun: 'job', audit: deps.audit });

  return {
    list: (): Promise<Job[]> => jobs.list(),
    create: (actor: Actor, input: JobInput): Promise<Job> => rules.create(actor, { name: input.name }),
    update: (actor: Actor, id: number, input: JobInput): Promise<Job> =>
      rules.update(actor, id, { name: input.name }),

    /**
     * Employees keep a job (and its positions) alive; without them the job goes together
     * with its positions and adjustment factors, all or nothing.
     */
    async remove(actor: Actor, id: number): Promise<void> {
      rules.requireWriter(actor);
      await rules.removeUnlessAssigned(db, id, jobs.countEmployees);
    },
  };
}

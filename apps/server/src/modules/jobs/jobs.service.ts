import type { Actor } from '@salary/shared/common/permissions';
import type { createJobBody, Job } from '@salary/shared/jobs/jobs.contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { requirePermission } from '../../lib/authorize.ts';
import { PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts';
import { createJobsRepository } from './jobs.repository.ts';

type JobInput = z.output<typeof createJobBody>;

const duplicate = (name: string) => conflict(`A job named "${name}" already exists`);
const JOB_NOT_FOUND = 'Job not found';

const employeesAssigned = (n: number) => `${n} employee${n === 1 ? ' is' : 's are'} assigned to it`;

export function createJobsService(deps: { db: Db }) {
  const { db } = deps;
  const jobs = createJobsRepository(db);

  /** The unique index decides races; this lookup only words the common case kindly. */
  async function ensureNameFree(name: string, exceptId?: number): Promise<void> {
    const existing = await jobs.findByName(name, exceptId);
    if (existing) throw duplicate(existing.name);
  }

  async function reread(id: number): Promise<Job> {
    const job = await jobs.findById(id);
    if (!job) throw notFound(JOB_NOT_FOUND);
    return job;
  }

  return {
    list: (): Promise<Job[]> => jobs.list(),

    async create(actor: Actor, input: JobInput): Promise<Job> {
      requirePermission(actor, 'manageSettings');
      await ensureNameFree(input.name);
      try {
        const row = await jobs.insert(input.name);
        return { id: row.id, name: row.name, _count: { positions: 0 } };
      } catch (error) {
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw duplicate(input.name);
        throw error;
      }
    },

    async update(actor: Actor, id: number, input: JobInput): Promise<Job> {
      requirePermission(actor, 'manageSettings');
      if (!(await jobs.findById(id))) throw notFound(JOB_NOT_FOUND);
      await ensureNameFree(input.name, id);
      try {
        if (!(await jobs.rename(id, input.name))) throw notFound(JOB_NOT_FOUND);
      } catch (error) {
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw duplicate(input.name);
        throw error;
      }
      return reread(id);
    },

    /**
     * Employees keep a job (and its positions) alive; without them the job goes together
     * with its positions and adjustment factors, all or nothing.
     */
    async remove(actor: Actor, id: number): Promise<void> {
      requirePermission(actor, 'manageSettings');
      try {
        await db.transaction(async (tx) => {
          const repo = createJobsRepository(tx);
          const job = await repo.findById(id);
          if (!job) throw notFound(JOB_NOT_FOUND);
          const assigned = await repo.countEmployees(id);
          if (assigned > 0) throw conflict(`Cannot delete job "${job.name}": ${employeesAssigned(assigned)}`);
          if (!(await repo.delete(id))) throw notFound(JOB_NOT_FOUND);
        });
      } catch (error) {
        // An employee added between the count and the delete: the RESTRICT foreign key wins.
        if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION)
          throw conflict('Cannot delete job: employees are assigned to it');
        throw error;
      }
    },
  };
}

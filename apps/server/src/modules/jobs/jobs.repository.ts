import type { Job } from '@salary/shared/jobs/jobs.contract';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { employees, jobs, positions } from '../../db/schema.ts';
import { namedListRepository } from '../../lib/named-list.repository.ts';
import { countRows } from '../../lib/table.repository.ts';

export function createJobsRepository(db: DbOrTx) {
  return {
    ...namedListRepository(db, {
      table: jobs,
      /** By name, each with its number of positions. */
      select: async (on, where): Promise<Job[]> => {
        const rows = await on
          .select({ id: jobs.id, name: jobs.name, version: jobs.version, positionCount: count(positions.id) })
          .from(jobs)
          .leftJoin(positions, eq(positions.jobId, jobs.id))
          .where(where)
          .groupBy(jobs.id)
          .orderBy(sql`lower(${jobs.name})`, asc(jobs.id));
        return rows.map((row) => ({
          id: row.id,
          name: row.name,
          _count: { positions: row.positionCount },
          version: row.version,
        }));
      },
    }),
    countEmployees: (jobId: number, tx: DbOrTx = db): Promise<number> =>
      countRows(tx, employees, eq(employees.jobId, jobId)),
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;

import type { Position } from '@salary/shared/positions/positions.contract';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { adjustmentFactors, employees, jobs, positions } from '../../db/schema.ts';
import { namedListRepository } from '../../lib/named-list.repository.ts';
import { countRows } from '../../lib/table.repository.ts';

/** By name, each with its job. */
const select = (db: DbOrTx, where?: SQL): Promise<Position[]> =>
  db
    .select({
      id: positions.id,
      name: positions.name,
      jobId: positions.jobId,
      job: { id: jobs.id, name: jobs.name },
      version: positions.version,
    })
    .from(positions)
    .innerJoin(jobs, eq(jobs.id, positions.jobId))
    .where(where)
    .orderBy(sql`lower(${positions.name})`, asc(positions.id));

export function createPositionsRepository(db: DbOrTx) {
  return {
    // Names are unique within one job.
    ...namedListRepository(db, { table: positions, select, scope: positions.jobId }),
    /** Every position, or those of one job. */
    list: (jobId?: number, tx: DbOrTx = db): Promise<Position[]> =>
      select(tx, jobId === undefined ? undefined : eq(positions.jobId, jobId)),
    countEmployees: (positionId: number, tx: DbOrTx = db): Promise<number> =>
      countRows(tx, employees, eq(employees.positionId, positionId)),
    countAdjustmentFactors: (positionId: number, tx: DbOrTx = db): Promise<number> =>
      countRows(tx, adjustmentFactors, eq(adjustmentFactors.positionId, positionId)),
  };
}

export type PositionsRepository = ReturnType<typeof createPositionsRepository>;

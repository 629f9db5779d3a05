import type { Job } from '@salary/shared/jobs/jobs.contract';
import { and, asc, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { employees, jobs, positions } from '../../db/schema.ts';

export type JobRow = typeof jobs.$inferSelect;

export function createJobsRepository(db: DbOrTx) {
  const select = (where?: SQL) =>
    db
      .select({ id: jobs.id, name: jobs.name, positionCount: count(positions.id) })
      .from(jobs)
      .leftJoin(positions, eq(positions.jobId, jobs.id))
      .where(where)
      .groupBy(jobs.id)
      .orderBy(sql`lower(${jobs.name})`, asc(jobs.id));
  const toJob = (row: { id: number; name: string; positionCount: number }): Job => ({
    id: row.id,
    name: row.name,
    _count: { positions: row.positionCount },
  });

  return {
    async list(): Promise<Job[]> {
      return (await select()).map(toJob);
    },
    async findById(id: number): Promise<Job | undefined> {
      const [row] = await select(eq(jobs.id, id));
      return row && toJob(row);
    },
    /** Case-insensitive, as the unique index compares names. */
    async findByName(name: string, exceptId?: number): Promise<JobRow | undefined> {
      const [row] = await db
        .select()
        .from(jobs)
        .where(
          and(
            sql`lower(${jobs.name}) = lower(${name})`,
            exceptId === undefined ? undefined : ne(jobs.id, exceptId),
          ),
        )
        .limit(1);
      return row;
    },
    async insert(name: string): Promise<JobRow> {
      const [row] = await db.insert(jobs).values({ name }).returning();
      return row!;
    },
    async rename(id: number, name: string): Promise<JobRow | undefined> {
      const [row] = await db.update(jobs).set({ name }).where(eq(jobs.id, id)).returning();
      return row;
    },
    async countEmployees(jobId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(employees).where(eq(employees.jobId, jobId));
      return row?.n ?? 0;
    },
    /** Positions and their adjustment factors go with the job (ON DELETE CASCADE). */
    async delete(id: number): Promise<boolean> {
      const rows = await db.delete(jobs).where(eq(jobs.id, id)).returning({ id: jobs.id });
      return rows.length > 0;
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;

import type { Position } from '@salary/shared/positions/positions.contract';
import { and, asc, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { adjustmentFactors, employees, jobs, positions } from '../../db/schema.ts';

export type PositionRow = typeof positions.$inferSelect;

export function createPositionsRepository(db: DbOrTx) {
  const select = (where?: SQL) =>
    db
      .select({
        id: positions.id,
        name: positions.name,
        jobId: positions.jobId,
        job: { id: jobs.id, name: jobs.name },
      })
      .from(positions)
      .innerJoin(jobs, eq(jobs.id, positions.jobId))
      .where(where)
      .orderBy(sql`lower(${positions.name})`, asc(positions.id));

  return {
    /** Every position, or those of one job. */
    async list(jobId?: number): Promise<Position[]> {
      return select(jobId === undefined ? undefined : eq(positions.jobId, jobId));
    },
    async findById(id: number): Promise<Position | undefined> {
      const [row] = await select(eq(positions.id, id));
      return row;
    },
    /** Case-insensitive within one job, as the unique index compares names. */
    async findByName(jobId: number, name: string, exceptId?: number): Promise<PositionRow | undefined> {
      const [row] = await db
        .select()
        .from(positions)
        .where(
          and(
            eq(positions.jobId, jobId),
            sql`lower(${positions.name}) = lower(${name})`,
            exceptId === undefined ? undefined : ne(positions.id, exceptId),
          ),
        )
        .limit(1);
      return row;
    },
    async insert(input: { name: string; jobId: number }): Promise<PositionRow> {
      const [row] = await db.insert(positions).values(input).returning();
      return row!;
    },
    async update(id: number, input: { name: string; jobId: number }): Promise<PositionRow | undefined> {
      const [row] = await db.update(positions).set(input).where(eq(positions.id, id)).returning();
      return row;
    },
    async countEmployees(positionId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(employees)
        .where(eq(employees.positionId, positionId));
      return row?.n ?? 0;
    },
    async countAdjustmentFactors(positionId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(adjustmentFactors)
        .where(eq(adjustmentFactors.positionId, positionId));
      return row?.n ?? 0;
    },
    /** Its adjustment factors go with it (ON DELETE CASCADE). */
    async delete(id: number): Promise<boolean> {
      const rows = await db.delete(positions).where(eq(positions.id, id)).returning({ id: positions.id });
      return rows.length > 0;
    },
  };
}

export type PositionsRepository = ReturnType<typeof createPositionsRepository>;

import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { employees } from '../../db/schema.ts';

/*
 * The reporting line: who reports to whom (employees.manager_id, today's line, not dated). A
 * team is everyone who reports to an employee, directly or through others; the walk stops at
 * an employee already met, so even a loop the service never lets in could not run forever.
 */

/** The `id` column of a statement's rows (both drivers answer `{ rows }`). */
const idsOf = (result: unknown): number[] =>
  (result as { rows: Array<{ id: unknown }> }).rows.map((row) => Number(row.id));

export function createReportingLineRepository(db: DbOrTx) {
  return {
    /** The ids of everyone who reports to `managerId`, directly or not (never `managerId` itself). */
    async teamOf(managerId: number): Promise<number[]> {
      const result = await db.execute(sql`
        with recursive team(id) as (
          select id from ${employees} where manager_id = ${managerId} and id <> ${managerId}
          union
          select e.id from ${employees} e join team t on e.manager_id = t.id where e.id <> ${managerId}
        )
        select id from team`);
      return idsOf(result);
    },

    /** The managers above `id`, nearest first (`id` itself not included). */
    async chainAbove(id: number): Promise<number[]> {
      const result = await db.execute(sql`
        with recursive chain(id, depth) as (
          select manager_id, 1 from ${employees} where id = ${id} and manager_id is not null
          union
          select e.manager_id, c.depth + 1 from ${employees} e join chain c on e.id = c.id
          where e.manager_id is not null and c.depth < 10000
        )
        select id, depth from chain order by depth`);
      return idsOf(result);
    },

    async nameOf(id: number): Promise<string | undefined> {
      const [row] = await db
        .select({ name: employees.name })
        .from(employees)
        .where(eq(employees.id, id))
        .limit(1);
      return row?.name;
    },

    /** The employee's manager today: undefined when there is no such employee, null for none. */
    async managerOf(id: number): Promise<number | null | undefined> {
      const [row] = await db
        .select({ managerId: employees.managerId })
        .from(employees)
        .where(eq(employees.id, id))
        .for('update')
        .limit(1);
      return row === undefined ? undefined : row.managerId;
    },

    async setManager(id: number, managerId: number | null, by: string | null): Promise<void> {
      await db
        .update(employees)
        .set({ managerId, updatedBy: by, updatedAt: new Date() })
        .where(eq(employees.id, id));
    },
  };
}

export type ReportingLineRepository = ReturnType<typeof createReportingLineRepository>;

import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { employees, payRequests } from '../../db/schema.ts';
import { lockedVersion } from '../../lib/table.repository.ts';

/** A request as stored, with whether its employee still exists. */
export interface PayRequestRow {
  id: number;
  employeeId: number;
  employeeName: string;
  employeeExists: boolean;
  receivedOn: string;
  dueOn: string;
  answeredOn: string | null;
  note: string | null;
  recordedBy: string;
  recordedAt: Date;
  version: number;
}

export interface PayRequestValues {
  receivedOn: string;
  dueOn: string;
  answeredOn: string | null;
  note: string | null;
}

export function createPayRequestsRepository(db: DbOrTx) {
  const select = () =>
    db
      .select({
        id: payRequests.id,
        employeeId: payRequests.employeeId,
        employeeName: payRequests.employeeName,
        employeeExists: sql<boolean>`${employees.id} is not null`,
        receivedOn: payRequests.receivedOn,
        dueOn: payRequests.dueOn,
        answeredOn: payRequests.answeredOn,
        note: payRequests.note,
        recordedBy: payRequests.recordedBy,
        recordedAt: payRequests.recordedAt,
        version: payRequests.version,
      })
      .from(payRequests)
      .leftJoin(employees, eq(employees.id, payRequests.employeeId));

  return {
    /** Every request, by due day then id (the service orders them by status on its today). */
    async list(): Promise<PayRequestRow[]> {
      return select().orderBy(asc(payRequests.dueOn), asc(payRequests.id));
    },

    async find(id: number): Promise<PayRequestRow | undefined> {
      const [row] = await select().where(eq(payRequests.id, id));
      return row;
    },

    /** The employee's name, or undefined when there is no such employee. */
    async employeeName(employeeId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ name: employees.name })
        .from(employees)
        .where(eq(employees.id, employeeId));
      return row?.name;
    },

    /** The request's version, locked until the write's transaction ends. */
    lockedVersion(id: number): Promise<number | undefined> {
      return lockedVersion(db, payRequests, id);
    },

    async insert(
      values: PayRequestValues & { employeeId: number; employeeName: string; recordedBy: string },
    ): Promise<number> {
      const [row] = await db.insert(payRequests).values(values).returning({ id: payRequests.id });
      return row!.id;
    },

    /** Writes the request and moves its version by one. */
    async update(id: number, values: PayRequestValues): Promise<void> {
      await db
        .update(payRequests)
        .set({ ...values, version: sql`${payRequests.version} + 1`, updatedAt: new Date() })
        .where(eq(payRequests.id, id));
    },

    async delete(id: number): Promise<void> {
      await db.delete(payRequests).where(eq(payRequests.id, id));
    },
  };
}

export type PayRequestsRepository = ReturnType<typeof createPayRequestsRepository>;

import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';

/*
 * Row access by serial id, the base of the rule-list kits (named-list, pair-rule): the
 * domain says how it reads its rows; every function takes an optional transaction and
 * otherwise runs on the handle the repository was built with.
 */

/** A table of editable rows: a serial id, and a version every write moves by one. */
export type TableWithId = PgTable & { id: PgColumn; version: PgColumn };

/** How many rows the table has, or how many match `where` (the rows that hold a reference). */
export async function countRows(db: DbOrTx, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/** Which of these ids the table holds. */
export async function existingIds(db: DbOrTx, table: TableWithId, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(inArray(table.id, ids));
  return new Set(rows.map((r) => r.id as number));
}

/**
 * Row `id`'s version, locked until the transaction ends (`FOR UPDATE`): a write that checks the
 * version its form read holds it until it has written. Undefined when there is no such row.
 */
export async function lockedVersion(db: DbOrTx, table: TableWithId, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ version: table.version })
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for('update');
  return row?.version as number | undefined;
}

/** A table that holds one record (the company, the job evaluation settings) in row `id`. */
export type SingleRecordTable = TableWithId & { updatedAt: PgColumn };

/**
 * Writes the one record and bumps `version` in one compare-and-set statement: of two saves from
 * the same version exactly one matches. Before the first save the record reads as version 1, so
 * the missing row is created at version 1 first. Undefined when `expectedVersion` is not the
 * stored one; without it the save always applies.
 */
export async function saveSingleRecord<T extends SingleRecordTable>(
  db: DbOrTx,
  table: T,
  id: number,
  values: Partial<T['$inferInsert']>,
  expectedVersion?: number,
): Promise<T['$inferSelect'] | undefined> {
  await db
    .insert(table)
    .values({ id } as T['$inferInsert'])
    .onConflictDoNothing();
  const byId = eq(table.id, id);
  const where = expectedVersion === undefined ? byId : and(byId, eq(table.version, expectedVersion));
  const rows = (await db
    .update(table)
    .set({ ...values, version: sql`${table.version} + 1`, updatedAt: new Date() } as Partial<
      T['$inferInsert']
    >)
    .where(where)
    .returning()) as Array<T['$inferSelect']>;
  return rows[0];
}

export function tableRepository<T extends TableWithId, Row>(
  db: DbOrTx,
  table: T,
  /** The domain's read: its columns, joins and order, narrowed by `where`. */
  select: (db: DbOrTx, where?: SQL) => Promise<Row[]>,
) {
  const on = (tx?: DbOrTx) => tx ?? db;
  return {
    on,

    list: (tx?: DbOrTx): Promise<Row[]> => select(on(tx)),

    async findById(id: number, tx?: DbOrTx): Promise<Row | undefined> {
      const [row] = await select(on(tx), eq(table.id, id));
      return row;
    },

    /** Answers the new id. */
    async insert(values: T['$inferInsert'], tx?: DbOrTx): Promise<number> {
      const [row] = await on(tx).insert(table).values(values).returning({ id: table.id });
      return (row as { id: number }).id;
    },

    /** Answers whether the row was there; its version moves by one. */
    async update(id: number, values: Partial<T['$inferInsert']>, tx?: DbOrTx): Promise<boolean> {
      const rows = await on(tx)
        .update(table)
        .set({ ...values, version: sql`${table.version} + 1` } as Partial<T['$inferInsert']>)
        .where(eq(table.id, id))
        .returning({ id: table.id });
      return rows.length > 0;
    },

    /**
     * The row's version, locked until the transaction ends (`FOR UPDATE`): a write that
     * checks the version its form read holds it until it has written.
     */
    lockedVersion: (id: number, tx?: DbOrTx) => lockedVersion(on(tx), table, id),

    /** Answers whether the row was there; what references it goes or refuses per the foreign keys. */
    async delete(id: number, tx?: DbOrTx): Promise<boolean> {
      const rows = await on(tx).delete(table).where(eq(table.id, id)).returning({ id: table.id });
      return rows.length > 0;
    },
  };
}

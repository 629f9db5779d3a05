import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db, Tx } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { type EmployeeRecord, recordsOf } from '../employees/employee.model.ts';
import { listColumns, listRowsQuery, type RowFilters } from '../employees/employee-list.repository.ts';

/** The names read beside the rows (`listNameColumns`): what `recordsOf` needs besides them. */
export type ListHead = Omit<NonNullable<Parameters<typeof recordsOf>[0]>, 'rows'>;

/**
 * Reads that must see ONE snapshot from first statement to last (the whole list: versions,
 * names and rules, then the rows), outside any write. `rows` reads the matching employees
 * inside that same transaction.
 */
export interface SnapshotReads {
  /**
   * true: a whole list reads faster this way than in one statement (PostgreSQL: rows through
   * the row protocol rather than one json_agg value, which PostgreSQL builds on one core).
   */
  readonly rowsApart: boolean;
  run<T>(
    work: (tx: Tx, rows: (filters: RowFilters, head: ListHead) => Promise<EmployeeRecord[]>) => Promise<T>,
  ): Promise<T>;
}

const oneRow = sql`(select 1) as one`;

/**
 * PGlite: one connection, so any transaction sees one snapshot; the rows come as one json_agg
 * value, which PGlite decodes far faster than many rows.
 */
export function pgliteSnapshotReads(root: Db): SnapshotReads {
  return {
    rowsApart: false,
    run: (work) =>
      root.transaction((tx) =>
        work(tx, async (filters) => {
          const [row] = await tx.select(listColumns(filters)).from(oneRow);
          return recordsOf(row, filters.asOf);
        }),
      ),
  };
}

/** Compiles SQL to text and parameters (Drizzle's public dialect; no connection involved). */
const dialect = new PgDialect();

/**
 * PostgreSQL: a connection of the pool held for the read, in a read-only REPEATABLE READ
 * transaction (one snapshot throughout, which `pg_current_snapshot()` names). Drizzle runs on
 * that very connection (`drizzle(client)`), and the rows are read on it through the row
 * protocol (array mode).
 */
export function postgresSnapshotReads(pool: pg.Pool): SnapshotReads {
  /** One Drizzle handle per pooled connection, made the first time that connection serves a read. */
  const handles = new WeakMap<pg.PoolClient, Db>();
  const handleOf = (client: pg.PoolClient): Db => {
    let handle = handles.get(client);
    if (!handle) {
      handle = drizzle(client, { schema }) as unknown as Db;
      handles.set(client, handle);
    }
    return handle;
  };
  return {
    rowsApart: true,
    async run(work) {
      const client = await pool.connect();
      try {
        return await handleOf(client).transaction(
          (tx) =>
            work(tx, async (filters, head) => {
              const query = dialect.sqlToQuery(listRowsQuery(filters));
              const result = await client.query<unknown[]>({
                text: query.sql,
                values: query.params,
                rowMode: 'array',
              });
              return recordsOf({ ...head, rows: result.rows as never }, filters.asOf);
            }),
          { isolationLevel: 'repeatable read', accessMode: 'read only' },
        );
      } finally {
        // As Drizzle's own transactions on the pool do: the transaction has ended either way.
        client.release();
      }
    },
  };
}

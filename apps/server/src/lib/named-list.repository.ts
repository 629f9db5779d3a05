import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { baseSalaries, employees } from '../db/schema.ts';
import { countRows, existingIds, type TableWithId, tableRepository } from './table.repository.ts';

/*
 * The data access shared by the named reference lists (jobs, positions, grades, levels):
 * a table with a serial `id` and a `name` unique in any letter case. Each domain says how
 * it reads its rows (columns, joins, order); the kit does the rest. Every function takes
 * an optional transaction and otherwise runs on the handle the repository was built with.
 */

export type NamedTable = TableWithId & { name: PgColumn };

export interface NamedListSpec<T extends NamedTable, Row> {
  table: T;
  /** The domain's read: its columns, joins and order, narrowed by `where`. */
  select(db: DbOrTx, where?: SQL): Promise<Row[]>;
  /** Names are unique within this column's value (a position's job), or across the table. */
  scope?: PgColumn;
}

export interface NameLookup {
  /** Another row may hold the name: the one being renamed. */
  exceptId?: number;
  /** The value of the spec's scope column. */
  scope?: number;
  tx?: DbOrTx;
}

export function namedListRepository<T extends NamedTable, Row>(db: DbOrTx, spec: NamedListSpec<T, Row>) {
  const { table } = spec;
  const { on, ...rows } = tableRepository(db, table, spec.select);

  return {
    ...rows,

    /** Case-insensitive, as the unique index compares names. */
    async findByName(
      name: string,
      { exceptId, scope, tx }: NameLookup = {},
    ): Promise<{ id: number; name: string } | undefined> {
      const [row] = await on(tx)
        .select({ id: table.id, name: table.name })
        .from(table as PgTable)
        .where(
          and(
            spec.scope && scope !== undefined ? eq(spec.scope, scope) : undefined,
            sql`lower(${table.name}) = lower(${name})`,
            exceptId === undefined ? undefined : ne(table.id, exceptId),
          ),
        )
        .limit(1);
      return row as { id: number; name: string } | undefined;
    },

    count: (tx?: DbOrTx): Promise<number> => countRows(on(tx), table),
  };
}

/**
 * A named list with an order of its own (grades, levels): rows read in order, and what uses a
 * row — employees and base salaries, through their column for it.
 */
export function orderedListRepository<T extends NamedTable & { order: PgColumn }, Row>(
  db: DbOrTx,
  table: T,
  usedBy: { employees: PgColumn; baseSalaries: PgColumn },
) {
  const columns = { id: table.id, name: table.name, order: table.order, version: table.version };
  return {
    ...namedListRepository(db, {
      table,
      /** Order ascending; equal orders keep creation order so the list never jitters. */
      select: (on, where): Promise<Row[]> =>
        on
          .select(columns)
          .from(table as PgTable)
          .where(where)
          .orderBy(asc(table.order), asc(table.id)) as Promise<Row[]>,
    }),
    existingIds: (ids: number[], tx: DbOrTx = db): Promise<Set<number>> => existingIds(tx, table, ids),
    countEmployees: (id: number, tx: DbOrTx = db): Promise<number> =>
      countRows(tx, employees, eq(usedBy.employees, id)),
    countBaseSalaries: (id: number, tx: DbOrTx = db): Promise<number> =>
      countRows(tx, baseSalaries, eq(usedBy.baseSalaries, id)),
  };
}

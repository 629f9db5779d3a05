import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { type TableWithId, tableRepository } from './table.repository.ts';

/*
 * The data access shared by the money rules keyed on a pair of references: one base
 * salary per (grade, level), one adjustment factor per (job, position). Each domain says
 * how it reads a rule (joins, order, numeric conversion) and how its input becomes column
 * values; the kit does the rest. Every function takes an optional transaction.
 */

export interface PairRuleSpec<T extends TableWithId, Rule, Input> {
  table: T;
  /** The two reference columns, in the order the rule is named: grade then level. */
  pair: readonly [PgColumn, PgColumn];
  /** The domain's read, narrowed by `where`, converted for the API. */
  select(db: DbOrTx, where?: SQL): Promise<Rule[]>;
  /** The input as column values (numeric as exact text). */
  values(input: Input): T['$inferInsert'];
}

export function pairRuleRepository<T extends TableWithId, Rule, Input>(
  db: DbOrTx,
  spec: PairRuleSpec<T, Rule, Input>,
) {
  const { table, pair } = spec;
  const { on, ...rows } = tableRepository(db, table, spec.select);

  return {
    list: rows.list,
    findById: rows.findById,
    delete: rows.delete,
    lockedVersion: rows.lockedVersion,

    /** The rule of a pair, other than `exceptId` (the one being changed). */
    async findByPair(
      first: number,
      second: number,
      { exceptId, tx }: { exceptId?: number; tx?: DbOrTx } = {},
    ): Promise<{ id: number } | undefined> {
      const [row] = await on(tx)
        .select({ id: table.id })
        .from(table as PgTable)
        .where(
          and(
            eq(pair[0], first),
            eq(pair[1], second),
            exceptId === undefined ? undefined : ne(table.id, exceptId),
          ),
        )
        .limit(1);
      return row as { id: number } | undefined;
    },

    /** Answers the new id. */
    insert: (input: Input, tx?: DbOrTx): Promise<number> => rows.insert(spec.values(input), tx),

    /** Answers whether the rule was there. */
    update: (id: number, input: Input, tx?: DbOrTx): Promise<boolean> =>
      rows.update(id, spec.values(input), tx),
  };
}

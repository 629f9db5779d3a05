import type { Actor } from '@salary/shared/common/permissions';
import type { DbOrTx } from '../db/client.ts';
import type { AuditService } from '../modules/audit/audit.service.ts';
import { badRequest, conflict } from './app-error.ts';
import { baseSalariesUse, type NamedListStore, namedListRules } from './named-list.service.ts';
import type { RepositoryOn, UnitOfWork } from './unit-of-work.ts';

/*
 * The reorder shared by the lists with an order of their own (grades, levels): every pair or
 * none, so one unknown id leaves all orders as they were, and one audit entry names what moved.
 */

interface OrderedRow {
  id: number;
  name: string;
  order: number;
}

interface OrderedStore<Row extends OrderedRow> {
  list(tx?: DbOrTx): Promise<Row[]>;
  existingIds(ids: number[], tx?: DbOrTx): Promise<Set<number>>;
  update(id: number, values: { order: number }, tx?: DbOrTx): Promise<boolean>;
}

export interface OrderedListOptions {
  audit: Pick<AuditService, 'record'>;
  /** Singular, capitalised, as messages say it ("Grade"); lower case it is the audit entity type. */
  noun: string;
  /** Plural, capitalised: the audit entry's label and the conflict's words ("Grades"). */
  plural: string;
  /** The body's list key, where a bad id's field points ("grades"). */
  field: string;
}

/** The reorder of a list, run in the unit of work it is given (the route's). */
export function reorderList<Row extends OrderedRow>(
  storeOn: RepositoryOn<OrderedStore<Row>>,
  options: OrderedListOptions,
) {
  const { audit, noun, plural, field } = options;
  return async (uow: UnitOfWork, pairs: ReadonlyArray<{ id: number; order: number }>): Promise<Row[]> => {
    const store = storeOn(uow.tx);
    const before = new Map((await store.list()).map((row) => [row.id, row.order]));
    const known = await store.existingIds(pairs.map((p) => p.id));
    const unknown = pairs.flatMap((p, index) =>
      known.has(p.id) ? [] : [{ field: `${field}.${index}.id`, message: `${noun} ${p.id} not found` }],
    );
    if (unknown.length > 0) throw badRequest(`${noun} not found`, unknown);
    for (const { id, order } of pairs) await store.update(id, { order });
    const after = await store.list();
    // A partial reorder must not put a row on the order of one it did not move.
    const moved = new Set(pairs.map((p) => p.id));
    for (const row of after) {
      if (!moved.has(row.id)) continue;
      const other = after.find((o) => o.id !== row.id && o.order === row.order);
      if (other) throw conflict(`${plural} "${row.name}" and "${other.name}" would share order ${row.order}`);
    }
    const changed = after.filter((row) => moved.has(row.id) && before.get(row.id) !== row.order);
    await audit.record(uow, {
      action: 'reorder',
      entityType: noun.toLowerCase(),
      entityId: null,
      label: plural,
      changes: changed.map((row) => ({
        field: `${row.name}.order`,
        before: before.get(row.id) ?? null,
        after: row.order,
      })),
      // Each row it moved (its version moved too): a stale edit's 409 names this entry; and
      // each row's order before and after by id, which a revert puts back.
      details: {
        ids: pairs.map((p) => p.id),
        moved: changed.map((row) => ({ id: row.id, before: before.get(row.id) ?? null, after: row.order })),
      },
    });
    return after;
  };
}

/** Where a list's writes record their entries and a stale write finds who changed the row. */
export type ListAudit = Pick<AuditService, 'record' | 'staleVersion'>;

/** The store of an ordered list (`orderedListRepository`): its rows, and what uses one. */
type OrderedListStore<Row extends OrderedRow> = OrderedStore<Row> &
  NamedListStore<Row, { name: string; order: number }> & {
    count(tx?: DbOrTx): Promise<number>;
    countEmployees(id: number, tx?: DbOrTx): Promise<number>;
    countBaseSalaries(id: number, tx?: DbOrTx): Promise<number>;
  };

/**
 * The calls of a list the user names and orders (grades, levels): a new row goes last unless
 * given an order, rows reorder together, and a delete is refused (409, naming them) while
 * employees or base salaries use the row.
 */
export function orderedListService<Row extends OrderedRow>(
  storeOn: RepositoryOn<OrderedListStore<Row>>,
  options: OrderedListOptions & { audit: ListAudit },
) {
  const store = storeOn();
  const rules = namedListRules(storeOn, { noun: options.noun.toLowerCase(), audit: options.audit });
  const reorder = reorderList(storeOn, options);

  return {
    list: (): Promise<Row[]> => store.list(),

    async create(uow: UnitOfWork, actor: Actor, input: { name: string; order?: number }): Promise<Row> {
      rules.requireWriter(actor);
      const order = input.order ?? (await storeOn(uow.tx).count());
      return rules.create(uow, actor, { name: input.name, order });
    },

    update: (
      uow: UnitOfWork,
      actor: Actor,
      id: number,
      input: { name?: string; order?: number; version?: number },
    ): Promise<Row> =>
      rules.update(uow, actor, id, { name: input.name, order: input.order }, {}, input.version),

    /** Every pair or none: one unknown id leaves all orders as they were. */
    async reorder(
      uow: UnitOfWork,
      actor: Actor,
      input: Record<string, Array<{ id: number; order: number }>>,
    ): Promise<Row[]> {
      rules.requireWriter(actor);
      return reorder(uow, input[options.field] ?? []);
    },

    remove: (uow: UnitOfWork, actor: Actor, id: number, version?: number): Promise<void> =>
      rules.removeUnlessAssigned(
        uow,
        actor,
        id,
        store.countEmployees,
        baseSalariesUse(store.countBaseSalaries),
        version,
      ),
  };
}

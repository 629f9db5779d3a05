import type { DbOrTx } from '../db/client.ts';
import type { AuditService } from '../modules/audit/audit.service.ts';
import { badRequest, conflict } from './app-error.ts';
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
      // Each row it moved (its version moved too): a stale edit's 409 names this entry.
      details: { ids: pairs.map((p) => p.id) },
    });
    return after;
  };
}

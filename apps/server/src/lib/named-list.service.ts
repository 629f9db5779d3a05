import type { Actor } from '@salary/shared/common/permissions';
import type { DbOrTx } from '../db/client.ts';
import { diffFields } from '../modules/audit/audit.diff.ts';
import type { AuditService } from '../modules/audit/audit.service.ts';
import { type AppError, conflict, notFound } from './app-error.ts';
import { requirePermission } from './authorize.ts';
import type { NameLookup } from './named-list.repository.ts';
import { PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorCode } from './pg-errors.ts';
import type { RepositoryOn, UnitOfWork } from './unit-of-work.ts';
import { requireVersion } from './versions.ts';

/*
 * The rules shared by the named reference lists: only manageSettings writes, names are
 * free in any letter case (409 naming the holder), an unknown id is a 404, and a delete is
 * refused while employees hold the row. The unique index decides races; the lookups
 * before a write only word the common case kindly. Every write runs in the unit of work it
 * is given (the route's), on the store bound to it.
 */

export interface NamedListStore<Row, Values> {
  findById(id: number, tx?: DbOrTx): Promise<Row | undefined>;
  findByName(name: string, lookup?: NameLookup): Promise<{ name: string } | undefined>;
  insert(values: Values, tx?: DbOrTx): Promise<number>;
  update(id: number, values: Partial<Values>, tx?: DbOrTx): Promise<boolean>;
  delete(id: number, tx?: DbOrTx): Promise<boolean>;
  /** The row's version, locked until the write's transaction ends. */
  lockedVersion(id: number, tx?: DbOrTx): Promise<number | undefined>;
}

/** The forms' labels of the fields a named list's entries name. */
const NAMED_LIST_LABELS: Record<string, string> = { name: 'Name', order: 'Order', jobId: 'Job' };

export interface NamedListOptions {
  /**
   * Lower case, as it stands in messages ("job", "grade"); also the audit entity type, and
   * capitalised it names the 404: "Job not found".
   */
  noun: string;
  /**
   * Where every create, update and delete records its entry (no pay moves with a name), and
   * where a stale write finds who changed the row since.
   */
  audit: Pick<AuditService, 'record' | 'staleVersion'>;
}

interface NameCheck extends NameLookup {
  /** The 409 for a taken name, when the domain words it differently (a position's job). */
  duplicate?: (name: string) => AppError;
}

const employeesAssigned = (n: number) => `${n} employee${n === 1 ? ' is' : 's are'} assigned to it`;

export function namedListRules<Row extends { name: string }, Values extends { name?: string }>(
  storeOn: RepositoryOn<NamedListStore<Row, Values>>,
  { noun, audit }: NamedListOptions,
) {
  const Noun = noun[0]!.toUpperCase() + noun.slice(1);
  const label = (row: { name: string }) => `${Noun} ${row.name}`;
  /** The values a write set, as they stood before and after it. */
  const picked = (row: object, keys: string[]) =>
    Object.fromEntries(keys.map((k) => [k, (row as Record<string, unknown>)[k]]));
  const duplicate = (name: string) => conflict(`A ${noun} named "${name}" already exists`);
  const missing = () => notFound(`${Noun} not found`);

  /** The row (read on `handle`, the database when absent). */
  async function find(id: number, handle?: DbOrTx): Promise<Row> {
    const row = await storeOn(handle).findById(id);
    if (!row) throw missing();
    return row;
  }

  /**
   * Locks the row and refuses a write from a version older than the stored one (`version`
   * absent: the write goes ahead); answers the row as it stands.
   */
  async function findAtVersion(uow: UnitOfWork, id: number, version: number | undefined): Promise<Row> {
    const stored = await storeOn(uow.tx).lockedVersion(id);
    if (stored === undefined) throw missing();
    const row = await find(id, uow.tx);
    await requireVersion(
      uow,
      audit,
      { entityType: noun, entityId: id, label: label(row), labels: NAMED_LIST_LABELS, grouped: 'order' },
      version,
      stored,
    );
    return row;
  }

  async function ensureNameFree(uow: UnitOfWork, name: string, check: NameCheck = {}): Promise<void> {
    const existing = await storeOn(uow.tx).findByName(name, check);
    if (existing) throw (check.duplicate ?? duplicate)(existing.name);
  }

  /** Runs a write that sets `name`, turning a unique violation into the 409 for that name. */
  async function write<T>(
    name: string | undefined,
    run: () => Promise<T>,
    check: NameCheck = {},
  ): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (name !== undefined && pgErrorCode(error) === PG_UNIQUE_VIOLATION)
        throw (check.duplicate ?? duplicate)(name);
      throw error;
    }
  }

  return {
    missing,

    requireWriter(actor: Actor): void {
      requirePermission(actor, 'manageSettings');
    },

    /** The row, or a 404. */
    find,
    findAtVersion,

    ensureNameFree,
    write,

    /** Creates the row under a free name and answers it as the list shows it. */
    async create(
      uow: UnitOfWork,
      actor: Actor,
      values: Values & { name: string },
      check: NameCheck = {},
    ): Promise<Row> {
      requirePermission(actor, 'manageSettings');
      await ensureNameFree(uow, values.name, check);
      const store = storeOn(uow.tx);
      const row = await find(await write(values.name, () => store.insert(values), check), uow.tx);
      const id = (row as unknown as { id: number }).id;
      await audit.record(uow, {
        action: 'create',
        entityType: noun,
        entityId: id,
        label: label(row),
        changes: diffFields(null, picked(row, Object.keys(values))),
      });
      return row;
    },

    /**
     * Changes the row (its name, when given, must be free) and answers it as the list shows
     * it; `version`, the one the form read, must still be the row's.
     */
    async update(
      uow: UnitOfWork,
      actor: Actor,
      id: number,
      values: Partial<Values>,
      check: NameCheck = {},
      version?: number,
    ): Promise<Row> {
      requirePermission(actor, 'manageSettings');
      const before = await findAtVersion(uow, id, version);
      const { name } = values;
      if (name !== undefined) await ensureNameFree(uow, name, { ...check, exceptId: id });
      await write(
        name,
        async () => {
          if (!(await storeOn(uow.tx).update(id, values))) throw missing();
        },
        check,
      );
      const after = await find(id, uow.tx);
      const keys = Object.keys(values).filter((k) => (values as Record<string, unknown>)[k] !== undefined);
      await audit.record(uow, {
        action: 'update',
        entityType: noun,
        entityId: id,
        label: label(before),
        changes: diffFields(picked(before, keys), picked(after, keys)),
      });
      return after;
    },

    /**
     * Deletes the row in the unit of work unless employees (or, where the list says so, other
     * rows: a grade's base salaries) hold it; what hangs off it goes with it (ON DELETE
     * CASCADE), all or nothing.
     */
    async removeUnlessAssigned(
      uow: UnitOfWork,
      actor: Actor,
      id: number,
      countEmployees: (id: number, tx: DbOrTx) => Promise<number>,
      otherUses?: { count: (id: number, tx: DbOrTx) => Promise<number>; words: (n: number) => string },
      version?: number,
    ): Promise<void> {
      requirePermission(actor, 'manageSettings');
      const { tx } = uow;
      try {
        const row = await findAtVersion(uow, id, version);
        const assigned = await countEmployees(id, tx);
        const others = otherUses ? await otherUses.count(id, tx) : 0;
        const blockers = [
          ...(assigned > 0 ? [employeesAssigned(assigned)] : []),
          ...(otherUses && others > 0 ? [otherUses.words(others)] : []),
        ];
        if (blockers.length > 0)
          throw conflict(`Cannot delete ${noun} "${row.name}": ${blockers.join(' and ')}`);
        if (!(await storeOn(tx).delete(id))) throw missing();
        await audit.record(uow, {
          action: 'delete',
          entityType: noun,
          entityId: id,
          label: label(row),
          changes: diffFields({ name: row.name }, null),
        });
      } catch (error) {
        // An employee (or base salary) added between the count and the delete: the RESTRICT
        // foreign key wins.
        if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION)
          throw conflict(
            `Cannot delete ${noun}: ${otherUses ? 'employees or base salaries use it' : 'employees are assigned to it'}`,
          );
        throw error;
      }
    },

    employeesAssigned,
    label,
  };
}

/** What else keeps a grade or level alive: its base salaries, counted in the 409's words. */
export const baseSalariesUse = (count: (id: number, tx: DbOrTx) => Promise<number>) => ({
  count,
  words: (n: number) => `${n} base salar${n === 1 ? 'y uses' : 'ies use'} it`,
});

export type NamedListRules<Row extends { name: string }, Values extends { name?: string }> = ReturnType<
  typeof namedListRules<Row, Values>
>;

/** The calls of a list whose rows are a name and nothing more (jobs): list, create, rename. */
export function nameOnlyCalls<Row extends { name: string }>(
  store: { list(): Promise<Row[]> },
  rules: NamedListRules<Row, { name: string }>,
) {
  return {
    list: (): Promise<Row[]> => store.list(),
    create: (uow: UnitOfWork, actor: Actor, input: { name: string }): Promise<Row> =>
      rules.create(uow, actor, { name: input.name }),
    update: (
      uow: UnitOfWork,
      actor: Actor,
      id: number,
      input: { name: string; version?: number },
    ): Promise<Row> => rules.update(uow, actor, id, { name: input.name }, {}, input.version),
  };
}

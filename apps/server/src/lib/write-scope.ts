import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from '../db/client.ts';
import { transactionWrote } from './snapshot.repository.ts';
import { takeWriteLock } from './write-lock.repository.ts';

/*
 * The write scope: one transaction per write, carried by the async context rather than by
 * every function's arguments. Repositories and services are built once on `scopedDb(db)`,
 * a handle that runs each statement on the current scope's transaction when there is one
 * and on the database otherwise. So a write route's handler, its service, the audit entry
 * and the pay-history rows all run in one transaction without passing it around; a nested
 * `db.transaction()` inside becomes a savepoint of it.
 *
 * A preview (impact of a rule change) runs the very same write inside a scope whose
 * outermost transaction always rolls back.
 *
 * Complete by construction: a scope whose transaction wrote anything must have recorded an
 * audit entry (`recorded`), or it is refused and rolled back — unless the route says it
 * writes only what is not audited (sign-in sessions).
 */

export interface ScopeActor {
  id: number;
  email: string;
}

export interface WriteScope {
  /** The transaction of this scope; undefined in a deferred scope until it opens one. */
  tx: Tx | undefined;
  actor: ScopeActor | null;
  /** Inside a preview: whatever commits here is rolled back by the outermost transaction. */
  preview: boolean;
  /** Ids of the audit entries recorded in this scope (and in scopes nested in it, once they commit). */
  recorded: number[];
  /** What the scope is for, in errors: 'PUT /api/settings'. */
  label: string;
  /** May write without an audit entry; scopes opened inside inherit it. */
  unaudited: boolean;
}

const storage = new AsyncLocalStorage<WriteScope>();

/** The scope this code runs in, if any. */
export function currentWriteScope(): WriteScope | undefined {
  return storage.getStore();
}

/** True when statements run on a transaction of a write scope (caches must stay out of it). */
export function inWriteTransaction(): boolean {
  return storage.getStore()?.tx !== undefined;
}

/**
 * The handle every repository is built on: the current scope's transaction, or the
 * database. On PGlite (one connection) this also keeps a scope from waiting on itself: a
 * statement sent outside the open transaction would wait for it to end.
 */
export function scopedDb(root: Db): Db {
  return new Proxy(root, {
    get(target, prop) {
      const handle = (storage.getStore()?.tx ?? target) as object;
      const value = Reflect.get(handle, prop, handle);
      return typeof value === 'function' ? value.bind(handle) : value;
    },
  });
}

export class UnauditedWriteError extends Error {
  constructor(label: string) {
    super(`${label} changed data without recording an audit entry`);
    this.name = 'UnauditedWriteError';
  }
}

/** Thrown inside a preview's transaction to roll it back; never escapes `runPreview`. */
class PreviewRollback extends Error {
  constructor(readonly result: unknown) {
    super('preview rolled back');
  }
}

export interface ScopeOptions {
  actor?: ScopeActor | null;
  label?: string;
  /**
   * The scope may write without an audit entry (sign-in, sign-out: sessions only). Unset:
   * as the scope it is opened in says, or not.
   */
  unaudited?: boolean;
  /**
   * Takes the company-wide write lock as the transaction's first statement (PostgreSQL's
   * `pg_advisory_xact_lock`, held until commit or rollback), so the writes that read, decide
   * and write — edits, rule changes, imports, reverts and the pay history they record — run one
   * at a time across every replica, each seeing what the one before it committed. Ignored in a
   * nested scope: its outermost transaction holds the lock already. PGlite has one connection,
   * so its transactions run one at a time anyway (callers leave it unset there).
   */
  serialize?: boolean;
}

/**
 * A scope opened inside `outer` (or at the top): it takes the outer actor and the outer
 * "unaudited" unless the options say otherwise, and records nothing yet.
 */
function nestedScope(
  outer: WriteScope | undefined,
  options: ScopeOptions,
  own: Pick<WriteScope, 'tx' | 'preview' | 'label'>,
): WriteScope {
  return {
    ...own,
    actor: options.actor !== undefined ? options.actor : (outer?.actor ?? null),
    recorded: [],
    unaudited: options.unaudited ?? outer?.unaudited ?? false,
  };
}

/** Runs `body` in a savepoint of the outer scope's transaction, or in a transaction of its own. */
function transactionIn<T>(
  root: Db,
  outer: WriteScope | undefined,
  serialize: boolean,
  body: (tx: Tx) => Promise<T>,
): Promise<T> {
  if (outer?.tx) return outer.tx.transaction(body);
  if (!serialize) return root.transaction(body);
  return root.transaction(async (tx) => {
    await takeWriteLock(tx);
    return body(tx);
  });
}

/**
 * Runs `work` in a new scope with a transaction of its own (a savepoint when the scope it is
 * opened in has one). `settle` sees what `work` answered before that transaction ends: what
 * it returns is committed, what it throws rolls the transaction back. Once committed, the
 * entries recorded inside count for the outer scope too.
 */
async function runInOwnTransaction<T>(
  root: Db,
  work: () => Promise<T>,
  options: ScopeOptions,
  own: (outer: WriteScope | undefined) => Pick<WriteScope, 'preview' | 'label'>,
  settle: (result: T, scope: WriteScope, tx: Tx) => Promise<T>,
): Promise<T> {
  const outer = storage.getStore();
  const scope = nestedScope(outer, options, { tx: undefined, ...own(outer) });
  const result = await transactionIn(root, outer, options.serialize ?? false, async (tx) => {
    scope.tx = tx;
    return settle(await storage.run(scope, work), scope, tx);
  });
  outer?.recorded.push(...scope.recorded);
  return result;
}

/**
 * Runs `work` in one transaction (a savepoint when a scope with a transaction is already
 * open). Commits only when `work` succeeds and, if it wrote, recorded an audit entry.
 */
export function runWriteScope<T>(root: Db, work: () => Promise<T>, options: ScopeOptions = {}): Promise<T> {
  return runInOwnTransaction(
    root,
    work,
    options,
    (outer) => ({ preview: outer?.preview ?? false, label: options.label ?? outer?.label ?? 'a write' }),
    async (result, scope, tx) => {
      if (!scope.unaudited && scope.recorded.length === 0 && (await transactionWrote(tx)))
        throw new UnauditedWriteError(scope.label);
      return result;
    },
  );
}

/**
 * A scope without a transaction of its own yet: the handler opens one (`runWriteScope`)
 * when it is ready to write — an import parses its upload first, so the database is not
 * held while a file streams in. What the inner scopes record is counted here too.
 */
export function runDeferredScope<T>(work: () => Promise<T>, options: ScopeOptions = {}): Promise<T> {
  const outer = storage.getStore();
  const scope = nestedScope(outer, options, {
    tx: outer?.tx,
    preview: outer?.preview ?? false,
    label: options.label ?? 'a write',
  });
  return storage.run(scope, work);
}

/**
 * Runs `work` as a preview: in a transaction that always rolls back, whatever `work` does
 * (writes through the usual services, audit entries, pay history). Answers what `work`
 * answered; a failure of `work` is rethrown after the rollback.
 */
export async function runPreview<T>(
  root: Db,
  work: () => Promise<T>,
  options: ScopeOptions = {},
): Promise<T> {
  try {
    await runInOwnTransaction(
      root,
      work,
      options,
      () => ({ preview: true, label: options.label ?? 'a preview' }),
      async (result) => {
        throw new PreviewRollback(result);
      },
    );
  } catch (error) {
    if (error instanceof PreviewRollback) return error.result as T;
    throw error;
  }
  throw new Error('unreachable: a preview always rolls back');
}

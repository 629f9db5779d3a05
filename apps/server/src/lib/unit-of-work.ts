import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { transactionWrote } from './snapshot.repository.ts';
import { takeWriteLock } from './write-lock.repository.ts';

/*
 * The unit of work: one transaction per write, handed to the code that writes as an argument.
 * The write hook (plugins/unit-of-work.plugin.ts) opens one for every write route and the route
 * passes it to its service; the service runs every statement of the write on `uow.tx` (its
 * repositories bound to it, `RepositoryOn`), records its audit entry into it
 * (audit.service.ts) and hands it on to the services it calls. So the change, its audit entry
 * and its pay-history rows commit together or not at all.
 *
 * Complete by construction: a unit whose transaction wrote anything must have recorded an
 * audit entry (`audit.recorded`), or it is refused (`UnauditedWriteError`) and rolled back —
 * unless the route says it writes only what is not audited (sign-in sessions).
 *
 * A preview (the impact of a rule change) runs the very same write in a unit whose
 * transaction always rolls back (`runPreview`). Work nested in a unit runs in a savepoint of
 * its transaction (`nestedUnitOfWork`).
 */

/** Who writes, as the audit entries name them. */
export interface WriteActor {
  id: number;
  email: string;
}

export interface UnitOfWork {
  /** The transaction every statement of the write runs on. */
  readonly tx: Tx;
  readonly actor: WriteActor | null;
  readonly audit: {
    /** Ids of the entries recorded in this unit (and in units nested in it, once they commit). */
    readonly recorded: number[];
    /** false: may write without an audit entry (sessions at sign-in and sign-out). */
    readonly required: boolean;
  };
  /** Inside a preview: whatever this unit commits is rolled back by the outermost transaction. */
  readonly preview: boolean;
  /** What the unit is for, in errors: 'PUT /api/settings'. */
  readonly label: string;
  /**
   * The day a dated rule write takes effect from (`?effectiveFrom=` of a route marked `dated`):
   * absent, the company's today (modules/rule-calendar).
   */
  readonly effectiveFrom?: string;
}

/** Opens a unit of work when the caller is ready to write (an import reads its upload first). */
export type OpenUnitOfWork = <T>(work: (uow: UnitOfWork) => Promise<T>) => Promise<T>;

/**
 * A repository on a handle: the one built once on the database (no handle), or one bound to
 * a unit of work's transaction (`uow.tx`). Built in services.ts, the composition root.
 */
export type RepositoryOn<R> = (handle?: DbOrTx) => R;

export class UnauditedWriteError extends Error {
  constructor(label: string) {
    super(`${label} changed data without recording an audit entry`);
    this.name = 'UnauditedWriteError';
  }
}

export interface UnitOptions {
  actor?: WriteActor | null;
  /** 'POST /api/jobs'. */
  label?: string;
  /** false: the unit may write without an audit entry (sign-in, sign-out: sessions only). */
  audited?: boolean;
  /**
   * Takes the company-wide write lock as the transaction's first statement (PostgreSQL's
   * `pg_advisory_xact_lock`, held until commit or rollback), so the writes that read, decide
   * and write — edits, rule changes, imports, reverts and the pay history they record — run one
   * at a time across every replica, each seeing what the one before it committed. PGlite has
   * one connection, so its transactions run one at a time anyway (callers leave it unset there).
   */
  serialize?: boolean;
  /** The day a dated write takes effect from (see `UnitOfWork.effectiveFrom`). */
  effectiveFrom?: string;
}

/** Refuses a unit that wrote without recording an audit entry (unless it need not). */
async function requireAudit(uow: UnitOfWork): Promise<void> {
  if (uow.audit.required && uow.audit.recorded.length === 0 && (await transactionWrote(uow.tx)))
    throw new UnauditedWriteError(uow.label);
}

function unitOn(tx: Tx, options: UnitOptions, preview: boolean, fallbackLabel: string): UnitOfWork {
  return {
    tx,
    actor: options.actor ?? null,
    audit: { recorded: [], required: options.audited ?? true },
    preview,
    label: options.label ?? fallbackLabel,
    ...(options.effectiveFrom !== undefined && { effectiveFrom: options.effectiveFrom }),
  };
}

/** Opens a transaction (taking the write lock first when `serialize`). */
function transactionOn<T>(db: Db, serialize: boolean, body: (tx: Tx) => Promise<T>): Promise<T> {
  if (!serialize) return db.transaction(body);
  return db.transaction(async (tx) => {
    await takeWriteLock(tx);
    return body(tx);
  });
}

/**
 * Runs `work` in a new unit of work, one transaction: committed only when `work` succeeds
 * and, if it wrote, recorded an audit entry; rolled back otherwise.
 */
export function runUnitOfWork<T>(
  db: Db,
  options: UnitOptions,
  work: (uow: UnitOfWork) => Promise<T>,
): Promise<T> {
  return transactionOn(db, options.serialize ?? false, async (tx) => {
    const uow = unitOn(tx, options, false, 'a write');
    const result = await work(uow);
    await requireAudit(uow);
    return result;
  });
}

/**
 * Runs `work` in a unit nested in `outer`: a savepoint of its transaction, with the same
 * actor and preview unless `options` say otherwise, and the same rule about audit entries.
 * Once the savepoint is released its entries count for `outer` too.
 */
export async function nestedUnitOfWork<T>(
  outer: UnitOfWork,
  options: UnitOptions,
  work: (uow: UnitOfWork) => Promise<T>,
): Promise<T> {
  const { result, recorded } = await outer.tx.transaction(async (tx) => {
    const uow = unitOn(
      tx,
      {
        actor: options.actor !== undefined ? options.actor : outer.actor,
        label: options.label ?? outer.label,
        audited: options.audited ?? outer.audit.required,
        effectiveFrom: options.effectiveFrom ?? outer.effectiveFrom,
      },
      outer.preview,
      outer.label,
    );
    const answer = await work(uow);
    await requireAudit(uow);
    return { result: answer, recorded: uow.audit.recorded };
  });
  outer.audit.recorded.push(...recorded);
  return result;
}

/** Thrown inside a preview's transaction to roll it back; never escapes `runPreview`. */
class PreviewRollback extends Error {
  constructor(readonly result: unknown) {
    super('preview rolled back');
  }
}

/**
 * Runs `work` as a preview: in a unit whose transaction always rolls back, whatever `work`
 * does (writes through the usual services, audit entries, pay history). Answers what `work`
 * answered; a failure of `work` is rethrown after the rollback.
 */
export async function runPreview<T>(
  db: Db,
  options: UnitOptions,
  work: (uow: UnitOfWork) => Promise<T>,
): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new PreviewRollback(await work(unitOn(tx, options, true, 'a preview')));
    });
  } catch (error) {
    if (error instanceof PreviewRollback) return error.result as T;
    throw error;
  }
  throw new Error('unreachable: a preview always rolls back');
}

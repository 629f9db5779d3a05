import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite runs inside this process, so every write to it passes through this object: the
 * instance's `query`, `exec` and `transaction` (drizzle, the migrator and tests all use
 * those). `watchWrites` counts the writes that have *finished* — a statement that is not a
 * plain SELECT, or a transaction, once it has committed or rolled back — so a value read
 * while the count stayed at N reflects every write counted up to N, and an unchanged count
 * means nothing was written since. The sign-in check caches on it (plugins/authentication.ts).
 *
 * Counting only after a write finishes is what keeps that exact: a read that raced a write
 * is stored under the count from before it, which the write then moves past.
 */
export interface WriteEpoch {
  /** Writes finished so far on this database. */
  current(): number;
}

const READ_ONLY = /^\s*select\b/i;
/** Functions that change state (or take a transaction id, moving the snapshot) although called from a SELECT. */
const WRITING_FUNCTIONS = /\b(nextval|setval|set_config|pg_advisory|lo_|txid_current|pg_current_xact_id)/i;

const isRead = (sql: unknown) =>
  typeof sql === 'string' && READ_ONLY.test(sql) && !WRITING_FUNCTIONS.test(sql);

const watched = new WeakMap<PGlite, WriteEpoch>();

export function watchWrites(client: PGlite): WriteEpoch {
  const known = watched.get(client);
  if (known) return known;
  let count = 0;
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  const patched = client as unknown as Record<'query' | 'exec' | 'transaction', unknown>;
  patched.query = async (...args: Parameters<PGlite['query']>) => {
    if (isRead(args[0])) return query(...args);
    try {
      return await query(...args);
    } finally {
      count++;
    }
  };
  patched.exec = async (...args: Parameters<PGlite['exec']>) => {
    try {
      return await exec(...args);
    } finally {
      count++;
    }
  };
  patched.transaction = async (...args: Parameters<PGlite['transaction']>) => {
    try {
      return await transaction(...args);
    } finally {
      count++;
    }
  };
  const epoch: WriteEpoch = { current: () => count };
  watched.set(client, epoch);
  return epoch;
}

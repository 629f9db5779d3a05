import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's count of committed writes, kept by the database itself: every table of the app has
 * a statement-level trigger (`installWriteNotices`, after migrations) that notifies
 * `salary_writes`, and PostgreSQL delivers that notification when — and only when — the
 * transaction commits, to the one session PGlite runs, in this process. `watchWrites` listens
 * (PGlite's public `listen`) and counts. Raw SQL, PGlite's `exec`, a CTE, a transaction: any
 * committed insert, update, delete or truncate moves the count; a rollback does not.
 *
 * PGlite hands notifications over in a microtask queued while it reads the committing
 * statement's answer, so the count has moved before the writer — or any statement queued
 * behind it — sees its own answer. A value read while the count stayed at N reflects every
 * write counted up to N. The sign-in check caches on it (modules/auth/sessions.check.ts).
 *
 * PostgreSQL has no such triggers (they are installed on PGlite only): other replicas write
 * too, and the check asks the snapshot there.
 */
export interface WriteEpoch {
  /** Writes committed so far on this database. */
  current(): number;
}

const CHANNEL = 'salary_writes';

/**
 * The notifying trigger on every table of the public schema (idempotent: run after every
 * migration, so a table added later gets one too).
 */
export async function installWriteNotices(pglite: PGlite): Promise<void> {
  await pglite.exec(`
    create or replace function salary_notify_write() returns trigger language plpgsql as $$
    begin
      perform pg_notify('${CHANNEL}', '');
      return null;
    end $$;
    do $$
    declare
      t regclass;
    begin
      for t in
        select c.oid::regclass from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      loop
        execute format('create or replace trigger salary_notify_write
          after insert or update or delete or truncate on %s
          for each statement execute function salary_notify_write()', t);
      end loop;
    end $$;`);
}

/** Counts the committed writes of this PGlite instance from now on. */
export async function watchWrites(pglite: PGlite): Promise<WriteEpoch> {
  let count = 0;
  await pglite.listen(CHANNEL, () => {
    count++;
  });
  return { current: () => count };
}

import pg from 'pg';
import { expect } from 'vitest';
import type { DbOrTx } from '../../src/db/client.ts';
import type { TestContext } from './helper.ts';

/*
 * What the reference tests share (employee-references.test.ts, version-references.test.ts): a
 * statement run and always rolled back, the refusal it must meet, and, on PostgreSQL, second
 * sessions that race it.
 */

/** What a refused write throws: 23503 under the constraint's name. */
export const refusal = (constraint: string) => ({
  cause: expect.objectContaining({ code: '23503', constraint }),
});

/** Runs `work` in a transaction that is always rolled back; answers what `work` threw (null: nothing). */
export async function inRollback(t: TestContext, work: (tx: DbOrTx) => Promise<unknown>): Promise<unknown> {
  let thrown: unknown = null;
  await t.database.db
    .transaction(async (tx) => {
      try {
        await work(tx);
      } catch (error) {
        thrown = error;
      }
      throw new Error('rollback');
    })
    .catch((error: unknown) => {
      if ((error as Error).message !== 'rollback') throw error;
    });
  return thrown;
}

/** A second session on the test's PostgreSQL database (another replica's connection). */
export async function session(t: TestContext): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: (t.database as { url?: string }).url });
  await client.connect();
  return client;
}

/** Polls pg_stat_activity until `client`'s backend waits on a lock. */
export async function waitUntilBlocked(t: TestContext, client: pg.Client): Promise<void> {
  const pid = (client as unknown as { processID: number }).processID;
  const watcher = await session(t);
  try {
    for (;;) {
      const { rows } = await watcher.query(
        "select wait_event_type from pg_stat_activity where pid = $1 and wait_event_type = 'Lock'",
        [pid],
      );
      if (rows.length) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await watcher.end();
  }
}

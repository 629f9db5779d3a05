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

/** An employee's (or a version's) four references. */
export interface Refs {
  job: number;
  position: number;
  grade: number;
  level: number;
}

/** An id no row has. */
export const MISSING = 999_999;

/**
 * Each reference of `table` pointing nowhere, with the constraint that must refuse it: built from
 * `ok` (every reference exists) and another job's position.
 */
export function brokenReferences(
  table: 'employees' | 'employee_versions',
  ok: () => Refs,
  otherPosition: () => number,
): Array<{ what: string; refs: () => Refs; constraint: string }> {
  // No position belongs to a job that does not exist: the (job, position) key refuses it.
  const pair = `${table}_position_of_job_fk`;
  return [
    { what: 'a missing job', refs: () => ({ ...ok(), job: MISSING }), constraint: pair },
    { what: 'a missing position', refs: () => ({ ...ok(), position: MISSING }), constraint: pair },
    {
      what: "another job's position",
      refs: () => ({ ...ok(), position: otherPosition() }),
      constraint: pair,
    },
    {
      what: 'a missing grade',
      refs: () => ({ ...ok(), grade: MISSING }),
      constraint: `${table}_grade_id_grades_id_fk`,
    },
    {
      what: 'a missing level',
      refs: () => ({ ...ok(), level: MISSING }),
      constraint: `${table}_level_id_levels_id_fk`,
    },
  ];
}

import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema.ts';
import { createSessionCheck } from '../../src/modules/auth/sessions.check.ts';
import { createSessionsRepository } from '../../src/modules/auth/sessions.repository.ts';
import { buildTestAppAndReplica, closeAll, type Replica, type TestContext } from '../support/helper.ts';

/*
 * The sign-in check answers from memory while nothing was written (PGlite: a count of
 * finished writes; PostgreSQL: the database's snapshot). These tests write the way nothing
 * in the app's services does — raw SQL, a CTE, PGlite's exec — and expect the very next
 * request, on this instance and on a replica, to see it.
 */

let t: TestContext;
let replica: Replica;
beforeAll(async () => {
  ({ t, replica } = await buildTestAppAndReplica());
});
afterAll(async () => closeAll(replica, t));

interface Me {
  user: { permissions: { showSalary: boolean; showCost: boolean } };
}
const me = (token: string) => t.call<Me>({ method: 'GET', url: '/api/auth/me', token });
const meOnReplica = (token: string) => replica.call<Me>({ method: 'GET', url: '/api/auth/me', token });

/** Signed in and already answered (so cached) on both instances. */
async function warmUser() {
  const { token, user } = await t.createUser({ showSalary: true, showCost: true });
  for (let i = 0; i < 3; i++) {
    expect((await me(token)).envelope.data?.user.permissions.showSalary).toBe(true);
    expect((await meOnReplica(token)).envelope.data?.user.permissions.showSalary).toBe(true);
  }
  return { token, user, sid: (decodeJwt(token) as { sid: string }).sid };
}

describe('a cached sign-in check sees every write on the next request', () => {
  it('a permission taken away with a plain UPDATE', async () => {
    const { token, user } = await warmUser();
    await t.database.db.execute(
      sql`update users set permissions = array_remove(permissions, 'showSalary') where id = ${user.id}`,
    );
    expect((await me(token)).envelope.data?.user.permissions.showSalary).toBe(false);
    expect((await meOnReplica(token)).envelope.data?.user.permissions.showSalary).toBe(false);
  });

  it('a permission taken away inside a CTE (a statement that does not start with UPDATE)', async () => {
    const { token, user } = await warmUser();
    await t.database.db.execute(
      sql`with changed as (update users set permissions = array_remove(permissions, 'showCost') where id = ${user.id} returning id) select count(*) from changed`,
    );
    expect((await meOnReplica(token)).envelope.data?.user.permissions.showCost).toBe(false);
    expect((await me(token)).envelope.data?.user.permissions.showCost).toBe(false);
  });

  it('a session row deleted behind the app’s back', async () => {
    const { token, sid } = await warmUser();
    if (t.database.pglite) await t.database.pglite.exec(`delete from sessions where id = '${sid}'`);
    else await t.database.db.delete(sessions).where(sql`${sessions.id} = ${sid}`);
    expect((await me(token)).statusCode).toBe(401);
    expect((await meOnReplica(token)).statusCode).toBe(401);
  });

  it('a user deleted in a transaction', async () => {
    const { token, user } = await warmUser();
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`delete from sessions where user_id = ${user.id}`);
      await tx.execute(sql`delete from users where id = ${user.id}`);
    });
    expect((await meOnReplica(token)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('a write that was rolled back changes nothing', async () => {
    const { token, user } = await warmUser();
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(
          sql`update users set permissions = array_remove(permissions, 'showSalary') where id = ${user.id}`,
        );
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await me(token)).envelope.data?.user.permissions.showSalary).toBe(true);
  });
});

/** A new user with a session of an hour inserted straight into the table (no sign-in). */
async function sessionOfNewUser(repo: ReturnType<typeof createSessionsRepository>, prefix: string) {
  const { user } = await t.createUser();
  const id = `${prefix}-${Date.now()}-${Math.random()}`;
  await repo.insert({
    id,
    userId: user.id,
    expiresAt: new Date(Date.now() + 3_600_000),
    userAgent: null,
    address: null,
  });
  return { user, id };
}

describe('idle expiry while answered from memory', () => {
  it('refuses the session exactly when the database would, with no write in between', async () => {
    const idleSeconds = 1;
    const repo = createSessionsRepository(t.database.db);
    const check = createSessionCheck(repo, { idleSeconds, writeEpoch: t.database.writeEpoch });
    const { user, id } = await sessionOfNewUser(repo, 'idle');
    const first = await check.find(id);
    expect(first.row?.user.id).toBe(user.id);
    const lastUsedMs = first.row!.lastUsedMs;
    const writesBefore = t.database.writeEpoch?.current();
    const readAt = async () => (await repo.state()).nowMs;
    // Asked again and again until refused (bounded: a few seconds).
    let refusedAt: number | undefined;
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      const before = await readAt();
      const found = await check.find(id);
      if (!found.row) {
        // Read after the answer: a busy machine may pause between the two reads, which must
        // not make a refusal at the right moment look early.
        refusedAt = await readAt();
        break;
      }
      // Still answered live: the database agrees it is within the idle time.
      expect(before).toBeLessThan(lastUsedMs + idleSeconds * 1000 + 50);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(refusedAt).toBeDefined();
    // Not before the idle time ran out (clock reads of the database, a few ms apart).
    expect(refusedAt!).toBeGreaterThan(lastUsedMs + idleSeconds * 1000 - 50);
    // Nothing was written meanwhile, so on PGlite every answer came from memory.
    expect(t.database.writeEpoch?.current()).toBe(writesBefore);
    // The database itself refuses it too.
    expect((await repo.findLiveWithUsers([id], idleSeconds)).rows).toEqual([]);
  });
});

describe('answers from memory come on the next turn, exact as of then', () => {
  it('a write that finishes while a request waits for its turn is seen by that request', async () => {
    const repo = createSessionsRepository(t.database.db);
    // A write count of the test's own: it moves exactly when the test says a write finished.
    let writes = 0;
    const check = createSessionCheck(repo, { idleSeconds: 3600, writeEpoch: { current: () => writes } });
    const { user, id } = await sessionOfNewUser(repo, 'turn');
    expect((await check.find(id)).row?.user.id).toBe(user.id);
    // Ended in the database; the count has not moved, so memory still answers (as it should:
    // on PGlite every write moves it).
    await t.database.db.delete(sessions).where(sql`${sessions.id} = ${id}`);
    expect((await check.find(id)).row?.user.id).toBe(user.id);

    const asked = check.find(id);
    writes += 1; // the delete "finishes" after the request was asked, before its turn
    expect((await asked).row).toBeUndefined();
  });
});

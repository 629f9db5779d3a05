import type { Session } from '@salary/shared/auth/auth.contract';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema.ts';
import { changePassword } from '../support/auth-calls.ts';
import {
  buildTestApp,
  buildTestAppAndReplica,
  closeAll,
  type Replica,
  type TestContext,
  USER_PASSWORD,
} from '../support/helper.ts';

/*
 * Sessions live on the server: each check reads the session row, so ending one counts at the
 * next request — on this instance and on a second one sharing the database (a replica; on
 * PostgreSQL it has its own connection pool and shares nothing in memory).
 */

let t: TestContext;
let replica: Replica;
beforeAll(async () => {
  ({ t, replica } = await buildTestAppAndReplica());
});
afterAll(async () => closeAll(replica, t));

const me = (token: string) => t.call({ method: 'GET', url: '/api/auth/me', token });
const meOnReplica = (token: string) => replica.call({ method: 'GET', url: '/api/auth/me', token });

async function signedInTwice() {
  const { token, email, user } = await t.createUser();
  const other = await t.login(email, USER_PASSWORD);
  // Both sessions work on both instances before anything ends.
  for (const tk of [token, other]) {
    expect((await me(tk)).statusCode).toBe(200);
    expect((await meOnReplica(tk)).statusCode).toBe(200);
  }
  return { token, other, email, user };
}

describe('logout', () => {
  it('ends this session on every instance and leaves the others', async () => {
    const { token, other } = await signedInTwice();
    const res = await t.call({ method: 'POST', url: '/api/auth/logout', token });
    expect(res.statusCode).toBe(200);
    expect(res.envelope.message).toBe('Logged out successfully');
    expect((await me(token)).statusCode).toBe(401);
    expect((await meOnReplica(token)).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/auth/users', token })).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
  });
});

describe('my sessions', () => {
  it('lists my live sessions with this one marked, and signs out everywhere else', async () => {
    const { token, other } = await signedInTwice();
    const list = await t.call<{ sessions: Session[] }>({
      method: 'GET',
      url: '/api/auth/sessions',
      token,
      headers: { 'user-agent': 'Firefox test' },
    });
    expect(list.statusCode).toBe(200);
    expect(list.envelope.data.sessions).toHaveLength(2);
    expect(list.envelope.data.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(list.envelope.data.sessions[0]).toMatchObject({
      id: expect.any(String),
      createdAt: expect.any(String),
      lastUsedAt: expect.any(String),
      expiresAt: expect.any(String),
      address: '127.0.0.1',
    });
    expect(list.body).not.toContain(token);

    const ended = await t.call({ method: 'DELETE', url: '/api/auth/sessions', token });
    expect(ended.statusCode).toBe(200);
    expect(ended.envelope).toMatchObject({
      message: 'Signed out of every other session',
      data: { ended: 1 },
    });
    expect((await me(other)).statusCode).toBe(401);
    expect((await meOnReplica(other)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(200);
  });
});

describe('an admin signs a user out everywhere', () => {
  it("lists the user's sessions and ends them all at once, on every instance", async () => {
    const { token, other, user } = await signedInTwice();
    const list = await t.callAsAdmin<{ sessions: Session[] }>({
      method: 'GET',
      url: `/api/auth/users/${user.id}/sessions`,
    });
    expect(list.statusCode).toBe(200);
    expect(list.envelope.data.sessions).toHaveLength(2);
    const res = await t.callAsAdmin({ method: 'DELETE', url: `/api/auth/users/${user.id}/sessions` });
    expect(res.statusCode).toBe(200);
    expect(res.envelope).toMatchObject({ message: 'Signed out everywhere', data: { ended: 2 } });
    for (const tk of [token, other]) {
      expect((await me(tk)).statusCode).toBe(401);
      expect((await meOnReplica(tk)).statusCode).toBe(401);
    }
    const after = await t.callAsAdmin<{ sessions: Session[] }>({
      method: 'GET',
      url: `/api/auth/users/${user.id}/sessions`,
    });
    expect(after.envelope.data.sessions).toEqual([]);
    // Signing in again works.
    expect((await me(await t.login(user.email, USER_PASSWORD))).statusCode).toBe(200);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await t.callAsAdmin({ method: 'GET', url: '/api/auth/users/999999/sessions' });
    expect(res.statusCode).toBe(404);
  });
});

describe('password change', () => {
  it('ends every other session of the user, on every instance; this one goes on', async () => {
    const { token, other } = await signedInTwice();
    const res = await changePassword(t, token, USER_PASSWORD, 'Willow-anchor-93');
    expect(res.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await meOnReplica(other)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(200);
    expect((await meOnReplica(token)).statusCode).toBe(200);
  });
});

describe('idle expiry', () => {
  it('refuses a session unused for longer than JWT_TTL_SECONDS, though its token has not expired', async () => {
    const { token } = await t.createUser();
    const { sid } = decodeJwt(token) as { sid: string };
    await t.database.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - make_interval(secs => ${t.config.jwtTtlSeconds + 5})` })
      .where(sql`${sessions.id} = ${sid}`);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('records use at most once a minute per session', async () => {
    const { token } = await t.createUser();
    const { sid } = decodeJwt(token) as { sid: string };
    const lastUsed = async () =>
      (
        await t.database.db.select().from(sessions).where(sql`${sessions.id} = ${sid}`)
      )[0]!.lastUsedAt.getTime();
    /** Marks the session last used `seconds` ago: its time as read back. */
    const usedAgo = async (seconds: number) => {
      await t.database.db
        .update(sessions)
        .set({ lastUsedAt: sql`now() - make_interval(secs => ${seconds})` })
        .where(sql`${sessions.id} = ${sid}`);
      return lastUsed();
    };
    const recent = await usedAgo(30);
    await me(token);
    expect(await lastUsed()).toBe(recent);
    const old = await usedAgo(90);
    await me(token);
    expect(await lastUsed()).toBeGreaterThan(old + 60_000);
  });
});

describe('renewal stops at the absolute lifetime', () => {
  it('renews through /auth/me only until SESSION_MAX_SECONDS, then refuses', async () => {
    const short = await buildTestApp({ sessionMaxSeconds: 3 });
    try {
      const started = Math.floor(Date.now() / 1000);
      let token = short.adminToken;
      expect(decodeJwt(token).exp).toBeLessThanOrEqual(started + 3);
      const renewed = await short.call<{ token: string }>({ method: 'GET', url: '/api/auth/me', token });
      expect(renewed.statusCode).toBe(200);
      token = renewed.envelope.data.token;
      // A renewed token never outlives its session.
      expect(decodeJwt(token).exp).toBeLessThanOrEqual(started + 4);
      // Keep renewing as a client would; the answer turns to 401 at the session's end.
      const deadline = Date.now() + 10_000;
      let status = 200;
      while (status === 200 && Date.now() < deadline) {
        const res = await short.call<{ token: string }>({ method: 'GET', url: '/api/auth/me', token });
        status = res.statusCode;
        if (status === 200) token = res.envelope.data.token;
        else break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status).toBe(401);
      expect(Date.now() / 1000).toBeGreaterThanOrEqual(started + 2);
    } finally {
      await short.close();
    }
  });
});

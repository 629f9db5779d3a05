import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/app.ts';
import { ADMIN, buildTestApp, type TestContext, USER_PASSWORD } from '../support/helper.ts';

/** Captures everything the server logs, at the most talkative level. */
let captured = '';
const stream = new Writable({
  write(chunk, _encoding, done) {
    captured += chunk.toString();
    done();
  },
});

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({}, { logger: { ...loggerOptions('trace'), stream } });
});
afterAll(async () => t.close());

describe('logs', () => {
  it('never contain a password, a password hash or a token', async () => {
    const secretPassword = 'very-secret-password-42';
    const created = await t.createUser({ showSalary: true }, { email: 'logged@example.com' });
    await t.call({
      method: 'POST',
      url: '/api/auth/change-password',
      token: created.token,
      payload: { currentPassword: USER_PASSWORD, newPassword: secretPassword },
    });
    const fresh = await t.login('logged@example.com', secretPassword);
    await t.call({ method: 'GET', url: '/api/auth/me', token: fresh });
    await t.call({
      method: 'GET',
      url: '/api/employees',
      token: fresh,
      headers: { cookie: 'session=abc123secret' },
    });
    // Failing requests log more (errors, bodies in validation messages): they must not leak either.
    await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'logged@example.com', password: 'wrong-secret-99' },
    });
    await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 12, password: ADMIN.password },
    });

    expect(captured.length).toBeGreaterThan(1000);
    expect(captured).toContain('/api/auth/me');
    for (const secret of [
      secretPassword,
      USER_PASSWORD,
      'wrong-secret-99',
      ADMIN.password,
      fresh,
      t.adminToken,
      created.token,
      'abc123secret',
    ])
      expect(captured, `log contains ${secret.slice(0, 12)}…`).not.toContain(secret);
    expect(captured).not.toMatch(/\$argon2id\$/);
  });

  it('never log query parameters when the database fails: no hash or password of a failed user insert', async () => {
    // A database that refuses every new user with an unexpected error (not a constraint the
    // app translates), so the insert — its argon2 hash among the parameters — fails with a 500.
    await t.database.db.execute(
      sql.raw(`CREATE FUNCTION refuse_user() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'users are read-only today' USING ERRCODE = 'XX000'; END $$`),
    );
    await t.database.db.execute(
      sql.raw(
        'CREATE TRIGGER refuse_user BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION refuse_user()',
      ),
    );
    captured = '';
    const password = 'Plum-Harbor-Quietly-88';
    const res = await t.callAsAdmin({
      method: 'POST',
      url: '/api/auth/users',
      payload: { email: 'failing-insert@example.com', name: 'Failing Insert', password },
    });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('read-only');
    // The failure is logged, with the statement but without its parameters.
    expect(captured).toContain('request failed');
    expect(captured).toContain('insert into');
    expect(captured).not.toMatch(/\$argon2id\$/);
    expect(captured).not.toContain(password);
    expect(captured).not.toContain('failing-insert@example.com');
    await t.database.db.execute(sql.raw('DROP TRIGGER refuse_user ON users'));
  });
});

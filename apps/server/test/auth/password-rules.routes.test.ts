import { checkPassword } from '@salary/shared/auth/password-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../../src/modules/users/first-admin.service.ts';
import { createUsersRepository } from '../../src/modules/users/users.repository.ts';
import { changePassword } from '../support/auth-calls.ts';
import { buildTestApp, type TestContext, USER_PASSWORD } from '../support/helper.ts';
import { createTestDatabase } from '../support/test-database.ts';

/*
 * The password rule, through both doors a password comes in by: creating a user and
 * changing one's own password. Each refusal is a 400 that says why.
 */

const OWNER = { email: 'maria.lopez@example.com', name: 'Maria Lopez' };

const REFUSED: Array<[string, string]> = [
  ['password', 'Password must be at least 12 characters'],
  ['12345678', 'Password must be at least 12 characters'],
  ['Password1', 'Password must be at least 12 characters'],
  ['            ', 'Password cannot be only spaces or one repeated character'],
  ['aaaaaaaaaaaaaa', 'Password cannot be only spaces or one repeated character'],
  ['maria.lopez@example.com', 'Password cannot contain your email address'],
  ['xx-maria.lopez-2026', 'Password cannot contain your email address'],
  ['Lopez-family-2026', 'Password cannot contain your name'],
  ['123456789012', 'This password is too common'],
  ['qwerty123456', 'This password is too common'],
  ['1q2w3e4r5t6y', 'This password is too common'],
  ['password1234', 'This password is too easy to guess'],
  ['Password1234', 'This password is too easy to guess'],
  ['abcdefghijkl', 'This password is too easy to guess'],
];

const ACCEPTED = [
  'Kettle-harbor-58',
  'Quiet-meadow-lamp-71',
  'correct horse battery staple',
  'Tr0ub4dor&3-xyz',
];

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

let n = 0;
const createWith = (password: string) => {
  n += 1;
  return t.callAsAdmin({
    method: 'POST',
    url: '/api/auth/users',
    payload: { email: `maria.lopez+${n}@example.com`, name: OWNER.name, password },
  });
};

describe('creating a user', () => {
  it.each(REFUSED)('refuses %j: %s', async (password, reason) => {
    // Each is refused before anything is written, so one email serves every row.
    const res = await t.callAsAdmin({
      method: 'POST',
      url: '/api/auth/users',
      payload: { ...OWNER, password },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.envelope.message).toBe(reason);
    expect((res.envelope.data as { fields: unknown[] }).fields).toEqual([
      { field: 'password', message: reason },
    ]);
  });

  it.each(ACCEPTED)('accepts %j', async (password) => {
    const res = await createWith(password);
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('changing my password', () => {
  it.each(REFUSED)('refuses %j: %s', async (password, reason) => {
    const { token } = await t.createUser({}, { email: `maria.lopez+c${++n}@example.com`, name: OWNER.name });
    const res = await changePassword(t, token, USER_PASSWORD, password);
    expect(res.statusCode, res.body).toBe(400);
    const expected = reason.replace('Password must be at least', 'New password must be at least');
    expect(res.envelope.message).toBe(expected);
  });

  it('accepts a strong one, and the old weak-rule password of an existing user still signs in', async () => {
    // The administrator's password predates the rule (admin-password-1 is inserted directly).
    const { token } = await t.createUser();
    const res = await changePassword(t, token, USER_PASSWORD, 'Velvet-canyon-drum-40');
    expect(res.statusCode, res.body).toBe(200);
    await expect(t.login('admin@example.com', 'admin-password-1')).resolves.toBeTruthy();
  });
});

describe('the generated first administrator password', () => {
  it('meets the rule', async () => {
    const database = await createTestDatabase();
    try {
      let printed = '';
      await ensureFirstAdmin(createUsersRepository(database.db), {
        print: (line) => {
          printed += line;
        },
      });
      const password = /password:\s+(\S+)/.exec(printed)?.[1] ?? '';
      expect(password.length).toBeGreaterThanOrEqual(12);
      expect(
        (await checkPassword(password, { email: 'admin@example.com', name: 'Administrator' })).problem,
      ).toBeNull();
    } finally {
      await database.close();
    }
  });
});

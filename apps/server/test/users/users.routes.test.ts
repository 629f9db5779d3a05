import type { User } from '@salary/shared/auth/auth.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ALL_PERMISSIONS, buildTestApp, type TestContext, USER_PASSWORD } from '../support/helper.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const newUser = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  name: 'Jane Doe',
  password: 'Quiet-meadow-lamp-71',
  permissions: { showSalary: true },
  ...extra,
});

describe('users API', () => {
  it('creates a user (permissions absent count as false) and lists it without any password', async () => {
    const created = await t.callAsAdmin<User>({
      method: 'POST',
      url: '/api/auth/users',
      payload: newUser('Jane@Example.com'),
    });
    expect(created.statusCode).toBe(201);
    expect(created.envelope.message).toBe('User created successfully');
    expect(created.envelope.data).toMatchObject({
      email: 'jane@example.com',
      name: 'Jane Doe',
      isAdmin: false,
      role: 'user',
      permissions: { showSalary: true, showCost: false, manageEmployee: false },
    });
    const list = await t.callAsAdmin<{ users: User[] }>({ method: 'GET', url: '/api/auth/users' });
    expect(list.statusCode).toBe(200);
    expect(list.envelope.data.users.map((u) => u.email)).toEqual(
      expect.arrayContaining([ADMIN.email, 'jane@example.com']),
    );
    expect(list.body).not.toMatch(/password|argon2/i);
    expect(created.body).not.toMatch(/password|argon2/i);
  });

  it('refuses a duplicate email, whatever its case, with a 409', async () => {
    await t.callAsAdmin({ method: 'POST', url: '/api/auth/users', payload: newUser('dup@example.com') });
    const res = await t.callAsAdmin({
      method: 'POST',
      url: '/api/auth/users',
      payload: newUser('DUP@example.com'),
    });
    expect(res.statusCode).toBe(409);
    expect(res.envelope.message).toBe('A user with the email dup@example.com already exists');
  });

  it('validates email, name and password', async () => {
    const res = await t.callAsAdmin({
      method: 'POST',
      url: '/api/auth/users',
      payload: { email: 'not-an-email', name: '   ', password: 'short' },
    });
    expect(res.statusCode).toBe(400);
    const fields = (res.envelope.data as { fields: { field: string; message: string }[] }).fields;
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Enter a valid email address' },
        { field: 'name', message: 'Name is required' },
        { field: 'password', message: 'Password must be at least 12 characters' },
      ]),
    );
  });

  it('updates only name and permissions, which take effect on the very next request', async () => {
    const { user, token, email } = await t.createUser({ showSettings: true });
    const res = await t.callAsAdmin<User>({
      method: 'PUT',
      url: `/api/auth/users/${user.id}`,
      payload: {
        name: 'Renamed',
        permissions: { manageEmployee: true },
        email: 'hijack@example.com',
        password: 'x',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.envelope.data).toMatchObject({
      name: 'Renamed',
      email,
      permissions: { showSettings: false, manageEmployee: true },
    });
    const me = await t.call<{ user: User }>({ method: 'GET', url: '/api/auth/me', token });
    expect(me.envelope.data.user.permissions).toMatchObject({ showSettings: false, manageEmployee: true });
    await expect(t.login(email, USER_PASSWORD)).resolves.toBeTruthy();
  });

  it('never edits or deletes an administrator account', async () => {
    const list = await t.callAsAdmin<{ users: User[] }>({ method: 'GET', url: '/api/auth/users' });
    const admin = list.envelope.data.users.find((u) => u.isAdmin)!;
    const put = await t.callAsAdmin({
      method: 'PUT',
      url: `/api/auth/users/${admin.id}`,
      payload: { name: 'x', permissions: {} },
    });
    expect(put.statusCode).toBe(403);
    const del = await t.callAsAdmin({ method: 'DELETE', url: `/api/auth/users/${admin.id}` });
    expect([400, 403]).toContain(del.statusCode);
    expect((await t.callAsAdmin({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
  });

  it('deletes a user, whose token then stops working', async () => {
    const { user, token } = await t.createUser({ showSalary: true });
    const res = await t.callAsAdmin({ method: 'DELETE', url: `/api/auth/users/${user.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.envelope.message).toBe('User deleted successfully');
    expect((await t.call({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(401);
    const again = await t.callAsAdmin({ method: 'DELETE', url: `/api/auth/users/${user.id}` });
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for an unknown id and 400 for a non-numeric one', async () => {
    const missing = await t.callAsAdmin({
      method: 'PUT',
      url: '/api/auth/users/999999',
      payload: { name: 'x', permissions: {} },
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.callAsAdmin({ method: 'DELETE', url: '/api/auth/users/abc' });
    expect(bad.statusCode).toBe(400);
  });

  it('is for administrators only: 403 for every permission a plain user can hold', async () => {
    const { token, user } = await t.createUser(ALL_PERMISSIONS);
    for (const req of [
      { method: 'GET' as const, url: '/api/auth/users' },
      { method: 'POST' as const, url: '/api/auth/users', payload: newUser('sneaky@example.com') },
      { method: 'PUT' as const, url: `/api/auth/users/${user.id}`, payload: { name: 'x', permissions: {} } },
      { method: 'DELETE' as const, url: `/api/auth/users/${user.id}` },
    ]) {
      const res = await t.call({ ...req, token });
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(403);
      expect(res.envelope.success).toBe(false);
    }
    const unauth = await t.call({ method: 'GET', url: '/api/auth/users' });
    expect(unauth.statusCode).toBe(401);
  });
});

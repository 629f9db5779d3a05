import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changePassword, signIn } from '../support/auth-calls.ts';
import { ADMIN, buildTestApp, type TestContext, USER_PASSWORD } from '../support/helper.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('POST /api/auth/login', () => {
  it('answers a token and the user with the permissions and linked employee, never the hash', async () => {
    const res = await signIn(t, ADMIN.email, ADMIN.password);
    expect(res.statusCode).toBe(200);
    expect(res.envelope.success).toBe(true);
    const data = res.envelope.data as { token: string; user: Record<string, unknown> };
    expect(data.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(data.user).toEqual({
      id: expect.any(Number),
      email: ADMIN.email,
      name: 'Administrator',
      isAdmin: true,
      role: 'admin',
      permissions: {
        showSettings: false,
        manageSettings: false,
        showSalary: false,
        showCost: false,
        manageEmployee: false,
        deleteEmployee: false,
        ownTeamOnly: false,
      },
      employeeId: null,
    });
    expect(res.body).not.toMatch(/password|argon2/i);
  });

  it('accepts the email in any letter case', async () => {
    const res = await signIn(t, ADMIN.email.toUpperCase(), ADMIN.password);
    expect(res.statusCode).toBe(200);
  });

  it('gives the same 401 message for an unknown email and a wrong password', async () => {
    const wrong = await signIn(t, ADMIN.email, 'nope-nope');
    const unknown = await signIn(t, 'ghost@example.com', 'nope-nope');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.envelope).toEqual({
      success: false,
      message: 'Invalid email or password',
      error: 'UNAUTHORIZED',
      data: null,
    });
    expect(unknown.envelope).toEqual(wrong.envelope);
  });

  it('rejects missing fields with a 400 naming each one', async () => {
    const res = await t.call({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.envelope.error).toBe('VALIDATION_ERROR');
    expect(res.envelope.message).toContain('Email is required');
    expect(res.envelope.message).toContain('Password is required');
    expect((res.envelope.data as { fields: { field: string }[] }).fields.map((f) => f.field).sort()).toEqual([
      'email',
      'password',
    ]);
  });

  it('rejects broken JSON with a 400 envelope', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.envelope).toMatchObject({
      success: false,
      message: 'Request body is not valid JSON',
      data: null,
    });
  });
});

describe('GET /api/auth/me', () => {
  it('answers the user and a fresh working token', async () => {
    const res = await t.callAsAdmin<{ token: string; user: { email: string } }>({
      method: 'GET',
      url: '/api/auth/me',
    });
    expect(res.statusCode).toBe(200);
    expect(res.envelope.data.user.email).toBe(ADMIN.email);
    const again = await t.call({ method: 'GET', url: '/api/auth/me', token: res.envelope.data.token });
    expect(again.statusCode).toBe(200);
  });

  it.each([
    ['no token', undefined],
    ['a malformed token', 'not-a-jwt'],
    ['a token signed with another secret', 'eyJhbGciOiJIUzI1NiJ9.eyJ0diI6MCwic3ViIjoiMSJ9.c2lnbmF0dXJl'],
  ])('answers 401 with %s', async (_label, token) => {
    const res = await t.call({ method: 'GET', url: '/api/auth/me', token });
    expect(res.statusCode).toBe(401);
    expect(res.envelope.success).toBe(false);
    expect(res.envelope.data).toBeNull();
  });

  it('answers 401 for an expired token', async () => {
    const { SignJWT } = await import('jose');
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const expired = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(key);
    const res = await t.call({ method: 'GET', url: '/api/auth/me', token: expired });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/auth/change-password', () => {
  it('changes the password, ends every other session and keeps this one', async () => {
    const { token, email } = await t.createUser();
    const second = await t.login(email, USER_PASSWORD);
    const res = await changePassword<{ token: string }>(t, token, USER_PASSWORD, 'brand-new-pass-2');
    expect(res.statusCode).toBe(200);
    expect(res.envelope.message).toBe('Password changed successfully');
    expect((await t.call({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/auth/me', token: second })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'GET', url: '/api/auth/me', token: res.envelope.data.token })).statusCode,
    ).toBe(200);
    const oldLogin = await signIn(t, email, USER_PASSWORD);
    expect(oldLogin.statusCode).toBe(401);
    await expect(t.login(email, 'brand-new-pass-2')).resolves.toBeTruthy();
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const { token, email } = await t.createUser();
    const res = await changePassword(t, token, 'wrong-one', 'brand-new-pass-2');
    expect(res.statusCode).toBe(400);
    expect(res.envelope.message).toBe('Current password is incorrect');
    await expect(t.login(email, USER_PASSWORD)).resolves.toBeTruthy();
  });

  it('requires both fields and a new password of at least 12 characters', async () => {
    const { token } = await t.createUser();
    const res = await changePassword(t, token, USER_PASSWORD, 'short');
    expect(res.statusCode).toBe(400);
    expect(res.envelope.message).toBe('New password must be at least 12 characters');
  });

  it('needs a token', async () => {
    const res = await changePassword(t, undefined, 'a', 'bbbbbbbbbbbbbb');
    expect(res.statusCode).toBe(401);
  });
});

describe('login rate limit', () => {
  it('answers 429 in the envelope after too many attempts for one email', async () => {
    const limited = await buildTestApp({ loginRateLimit: 3 });
    try {
      const attempt = () =>
        limited.call({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'victim@example.com', password: 'guess-guess' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.envelope).toMatchObject({ success: false, error: 'TOO_MANY_REQUESTS', data: null });
      expect(blocked.envelope.message).toMatch(/^Too many sign-in attempts/);
      // Another account from the same address is not locked out.
      const other = await limited.call({
        method: 'POST',
        url: '/api/auth/login',
        payload: ADMIN,
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('health and unknown routes', () => {
  it('answers health without a token', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.envelope.success).toBe(true);
  });

  it('answers an unknown API route with a 404 envelope, not HTML', async () => {
    const res = await t.callAsAdmin({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.envelope).toMatchObject({ success: false, error: 'NOT_FOUND' });
  });

  it('serves the OpenAPI document at /api/docs/json', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.body) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/users/{id}']),
    );
  });

  it('sends security headers and no X-Powered-By', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

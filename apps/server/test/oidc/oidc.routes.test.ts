import { NO_PERMISSIONS } from '@salary/shared/common/permissions';
import { PASSWORD_LOGIN_OFF_MESSAGE } from '@salary/shared/oidc/oidc.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.ts';
import { createUsersRepository } from '../../src/modules/users/users.repository.ts';
import { ADMIN, buildTestApp, type TestContext, USER_PASSWORD } from '../support/helper.ts';
import {
  signInAtProvider,
  startIdentityProvider,
  type TestIdentityProvider,
} from '../support/oidc-provider.ts';

/*
 * Single sign-on against a real OpenID provider (oidc-provider) listening on 127.0.0.1: the app
 * discovers it, redeems codes at its token endpoint and reads its userinfo over real HTTP.
 */
const PUBLIC_URL = 'http://salary.test';
const REDIRECT_URI = `${PUBLIC_URL}/api/auth/oidc/callback`;
const FLOW = 'salary_oidc_flow';
const HANDOFF = 'salary_oidc_handoff';

let idp: TestIdentityProvider;
let sso: TestContext;
let ssoAutoCreate: TestContext;
let ssoOff: TestContext;

function ssoConfig(overrides: { autoCreate?: boolean; passwordLogin?: boolean } = {}): Partial<Config> {
  return {
    publicUrl: PUBLIC_URL,
    passwordLogin: overrides.passwordLogin ?? true,
    oidc: {
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      autoCreate: overrides.autoCreate ?? false,
      redirectUri: REDIRECT_URI,
    },
  };
}

type Answer = Awaited<ReturnType<TestContext['call']>>;
const cookieOf = (res: Answer, name: string) => res.cookies.find((c) => c.name === name);

let logins = 0;
/** A login nobody used before, so each test signs in as its own person. */
const freshEmail = (prefix: string) => `${prefix}-${++logins}-${Date.now()}@sso.example.com`;

/** Start → the provider's login form → back at the callback with the flow cookie. */
async function ssoSignIn(t: TestContext, login: string) {
  const start = await t.call({ method: 'GET', url: '/api/auth/oidc/start' });
  expect(start.statusCode).toBe(302);
  const flow = cookieOf(start, FLOW)?.value ?? '';
  const back = await signInAtProvider(String(start.headers.location), login, REDIRECT_URI);
  const callback = await callbackWith(t, back, flow);
  return { start, flow, back, callback };
}

function callbackWith(t: TestContext, back: URL, flow: string | undefined) {
  return t.call({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: flow === undefined ? {} : { cookie: `${FLOW}=${flow}` },
  });
}

/** What the web app does on /login/sso: POST with the handoff cookie, answer the session. */
function collect(t: TestContext, handoff: string | undefined) {
  return t.call<{ token: string; user: { email: string; isAdmin: boolean; permissions: object } }>({
    method: 'POST',
    url: '/api/auth/oidc/session',
    payload: {},
    headers: handoff === undefined ? {} : { cookie: `${HANDOFF}=${handoff}` },
  });
}

function expectRefused(callback: Answer, reason: string) {
  expect(callback.statusCode).toBe(302);
  expect(callback.headers.location).toBe(`/login?sso=error&reason=${reason}`);
  expect(cookieOf(callback, HANDOFF)).toBeUndefined();
}

beforeAll(async () => {
  idp = await startIdentityProvider([REDIRECT_URI]);
  [sso, ssoAutoCreate, ssoOff] = await Promise.all([
    buildTestApp(ssoConfig()),
    buildTestApp(ssoConfig({ autoCreate: true })),
    buildTestApp(),
  ]);
});

afterAll(async () => {
  await Promise.all([sso?.close(), ssoAutoCreate?.close(), ssoOff?.close()]);
  await idp?.close();
});

describe('GET /api/auth/options', () => {
  it('tells the login screen SSO is on, without a token', async () => {
    const res = await sso.call({ method: 'GET', url: '/api/auth/options' });
    expect(res.statusCode).toBe(200);
    expect(res.envelope.data).toEqual({ sso: true, passwordLogin: true });
  });

  it('says off, and every SSO route is a 404 (even signed in), when OIDC is not configured', async () => {
    const options = await ssoOff.call({ method: 'GET', url: '/api/auth/options' });
    expect(options.envelope.data).toEqual({ sso: false, passwordLogin: true });
    for (const [method, url] of [
      ['GET', '/api/auth/oidc/start'],
      ['GET', '/api/auth/oidc/callback?code=x&state=y'],
      ['POST', '/api/auth/oidc/session'],
    ] as const) {
      const res = await ssoOff.call({
        method,
        url,
        token: ssoOff.adminToken,
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('GET /api/auth/oidc/start', () => {
  it('sends the browser to the provider with PKCE, state and nonce, remembered in a sealed HttpOnly cookie', async () => {
    const res = await sso.call({ method: 'GET', url: '/api/auth/oidc/start' });
    expect(res.statusCode).toBe(302);
    const to = new URL(String(res.headers.location));
    expect(to.origin).toBe(idp.issuer);
    const q = to.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(idp.clientId);
    expect(q.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(q.get('nonce')).toMatch(/^[\w-]{20,}$/);

    const flow = cookieOf(res, FLOW);
    expect(flow).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/oidc', maxAge: 600 });
    // Sealed: the state is not readable in the cookie.
    expect(flow?.value).not.toContain(q.get('state'));
  });
});

describe('GET /api/auth/oidc/callback', () => {
  it('signs in an existing user by verified email in any letter case, handing the token over by POST only', async () => {
    const { user, email } = await sso.createUser({ showSalary: true });
    const { callback } = await ssoSignIn(sso, email.toUpperCase());

    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/login/sso');
    // The flow is spent; the handoff cookie carries the sign-in, the URL carries nothing.
    expect(cookieOf(callback, FLOW)?.maxAge).toBe(0);
    const handoff = cookieOf(callback, HANDOFF);
    expect(handoff).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/oidc', maxAge: 60 });

    const session = await collect(sso, handoff?.value);
    expect(session.statusCode).toBe(200);
    expect(session.envelope.message).toBe('Login successful');
    expect(session.envelope.data.user).toMatchObject({
      id: user.id,
      email,
      permissions: { showSalary: true },
    });
    expect(cookieOf(session, HANDOFF)?.maxAge).toBe(0);

    const me = await sso.call<{ user: { email: string } }>({
      method: 'GET',
      url: '/api/auth/me',
      token: session.envelope.data.token,
    });
    expect(me.statusCode).toBe(200);
    expect(me.envelope.data.user.email).toBe(email);

    // An SSO sign-in is a server-side session like any other: listed, and ended by logout.
    const sessions = await sso.call<{ sessions: Array<{ current: boolean }> }>({
      method: 'GET',
      url: '/api/auth/sessions',
      token: session.envelope.data.token,
    });
    expect(sessions.statusCode).toBe(200);
    expect(sessions.envelope.data.sessions.filter((s) => s.current)).toHaveLength(1);
    const logout = await sso.call({
      method: 'POST',
      url: '/api/auth/logout',
      token: session.envelope.data.token,
    });
    expect(logout.statusCode).toBe(200);
    const after = await sso.call({ method: 'GET', url: '/api/auth/me', token: session.envelope.data.token });
    expect(after.statusCode).toBe(401);

    // The handoff is collected once.
    const again = await collect(sso, handoff?.value);
    expect(again.statusCode).toBe(401);
    expect(again.envelope.data).toBeNull();
  });

  it('refuses an unknown email without OIDC_AUTO_CREATE and creates nobody', async () => {
    const email = freshEmail('stranger');
    const { callback } = await ssoSignIn(sso, email);
    expectRefused(callback, 'unknown_user');
    expect(await createUsersRepository(sso.database.db).findByEmail(email)).toBeUndefined();
  });

  it('with OIDC_AUTO_CREATE turns an unknown verified email into a user with no permissions', async () => {
    const email = freshEmail('newcomer');
    idp.accounts.set(email, { name: 'Nina Newcomer' });
    const { callback } = await ssoSignIn(ssoAutoCreate, email);
    expect(callback.headers.location).toBe('/login/sso');

    const session = await collect(ssoAutoCreate, cookieOf(callback, HANDOFF)?.value);
    expect(session.statusCode).toBe(200);
    expect(session.envelope.data.user).toEqual({
      id: expect.any(Number),
      email,
      name: 'Nina Newcomer',
      isAdmin: false,
      role: 'user',
      permissions: NO_PERMISSIONS,
      // Linked to no employee: an administrator links it in User Management.
      employeeId: null,
    });
    // The created account has no password anyone knows.
    const login = await ssoAutoCreate.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'any-password' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('refuses an unverified email, even for an existing user and with auto-create on', async () => {
    const { email } = await ssoAutoCreate.createUser();
    idp.accounts.set(email, { email_verified: false });
    expectRefused((await ssoSignIn(ssoAutoCreate, email)).callback, 'unverified_email');

    const stranger = freshEmail('unverified');
    idp.accounts.set(stranger, { email_verified: false });
    expectRefused((await ssoSignIn(ssoAutoCreate, stranger)).callback, 'unverified_email');
    expect(await createUsersRepository(ssoAutoCreate.database.db).findByEmail(stranger)).toBeUndefined();
  });

  it('refuses a tampered state, a missing flow cookie and a forged one', async () => {
    const { email } = await sso.createUser();
    const start = await sso.call({ method: 'GET', url: '/api/auth/oidc/start' });
    const flow = cookieOf(start, FLOW)?.value ?? '';
    const back = await signInAtProvider(String(start.headers.location), email, REDIRECT_URI);

    const tampered = new URL(back);
    tampered.searchParams.set('state', `${back.searchParams.get('state')}x`);
    expectRefused(await callbackWith(sso, tampered, flow), 'state');
    expectRefused(await callbackWith(sso, back, undefined), 'state');
    expectRefused(await callbackWith(sso, back, `${flow.slice(0, -4)}AAAA`), 'state');
  });

  it('refuses a replayed code: the provider redeems it once', async () => {
    const { email } = await sso.createUser();
    const { back, flow, callback } = await ssoSignIn(sso, email);
    expect(callback.headers.location).toBe('/login/sso');

    expectRefused(await callbackWith(sso, back, flow), 'failed');
  });

  it('turns an error from the provider into a reason word, never its text', async () => {
    const start = await sso.call({ method: 'GET', url: '/api/auth/oidc/start' });
    const state = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
    const back = new URL(REDIRECT_URI);
    back.search = new URLSearchParams({
      error: 'access_denied',
      error_description: '<script>alert(1)</script>',
      state,
      iss: idp.issuer,
    }).toString();
    expectRefused(await callbackWith(sso, back, cookieOf(start, FLOW)?.value), 'denied');
  });
});

describe('a provider that cannot be reached', () => {
  let t: TestContext;
  beforeAll(async () => {
    const config = ssoConfig();
    // Port 1 on this machine: nothing listens, discovery fails at once.
    t = await buildTestApp({ ...config, oidc: { ...config.oidc!, issuer: 'http://127.0.0.1:1' } });
  });
  afterAll(async () => t?.close());

  it('sends the browser back to /login with a reason instead of a 5xx, and sets no cookie', async () => {
    const res = await t.call({ method: 'GET', url: '/api/auth/oidc/start' });
    expectRefused(res, 'failed');
    expect(cookieOf(res, FLOW)).toBeUndefined();
  });
});

describe('POST /api/auth/oidc/session', () => {
  it('answers 401 without a handoff cookie or with a forged one', async () => {
    expect((await collect(sso, undefined)).statusCode).toBe(401);
    const forged = await collect(sso, 'eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..AAAA.BBBB.CCCC');
    expect(forged.statusCode).toBe(401);
    expect(forged.envelope.message).toBe('Single sign-on expired. Please sign in again.');
  });
});

describe('PASSWORD_LOGIN=off', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp(ssoConfig({ passwordLogin: false }));
  });
  afterAll(async () => t?.close());

  it('refuses a non-admin password sign-in with a 403 that says to use SSO, but signs the admin in', async () => {
    const email = freshEmail('staff');
    const created = await t.callAsAdmin({
      method: 'POST',
      url: '/api/auth/users',
      payload: { email, name: 'Staff', password: USER_PASSWORD, permissions: {} },
    });
    expect(created.statusCode).toBe(201);

    const refused = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: USER_PASSWORD },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.envelope.message).toBe(PASSWORD_LOGIN_OFF_MESSAGE);
    expect(refused.envelope.data).toBeNull();

    // A wrong password still gets the usual 401: the 403 is only for someone who knows the password.
    const wrong = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(401);

    const admin = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: ADMIN,
    });
    expect(admin.statusCode).toBe(200);

    const options = await t.call({ method: 'GET', url: '/api/auth/options' });
    expect(options.envelope.data).toEqual({ sso: true, passwordLogin: false });

    // The same person still signs in through SSO.
    const { callback } = await ssoSignIn(t, email);
    expect((await collect(t, cookieOf(callback, HANDOFF)?.value)).statusCode).toBe(200);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SSO_ERROR_MESSAGES } from '@salary/shared/oidc/oidc.contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signInAtProvider as providerSignIn,
  startIdentityProvider,
  type TestIdentityProvider,
} from '../apps/server/test/support/oidc-provider.ts';
import {
  api,
  freePort,
  type ServerProcess,
  startServer,
} from '../apps/server/test/support/server-process.ts';
import { Layout } from './pages/layout.ts';
import { LoginPage } from './pages/login-page.ts';
import { waitForToast } from './pages/toasts.ts';
import { launchBrowser, screenshot } from './support/browser.ts';

/*
 * Single sign-on in real Chromium: a real OpenID provider (oidc-provider with its development
 * login form) in this process, and our own server started with OIDC configured and
 * PASSWORD_LOGIN=off (the shared e2e server runs without SSO).
 */
const ADMIN_EMAIL = 'sso-admin@example.com';
const ADMIN_PASSWORD = 'sso-admin-password-1';
/** Meets the password rule (12+ characters, not guessable). */
const USER_PASSWORD = 'Lantern-quarry-74';

let idp: TestIdentityProvider;
let server: ServerProcess;
let dataDir: string;
let browser: Browser;
let adminToken: string;
let counter = 0;

const pathOf = (url: string) => new URL(url).pathname;

async function createUser(): Promise<string> {
  counter += 1;
  const email = `sso-user-${counter}-${Date.now()}@example.com`;
  const res = await api(server.baseURL, 'POST', '/auth/users', {
    token: adminToken,
    body: { email, name: `SSO User ${counter}`, password: USER_PASSWORD, permissions: {} },
  });
  if (res.status !== 201) throw new Error(`creating ${email}: ${res.body.message}`);
  return email;
}

/** A fresh browser context on our server; every URL the page asks for is recorded. */
async function openLogin(): Promise<{ page: Page; urls: string[] }> {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  await new LoginPage(page).goto();
  return { page, urls };
}

/** The provider's development form: the login is the account, any password passes. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.waitForURL((url) => url.origin === idp.issuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

beforeAll(async () => {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  idp = await startIdentityProvider([`${baseURL}/api/auth/oidc/callback`]);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'salary-sso-e2e-'));
  server = await startServer(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      PUBLIC_URL: baseURL,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_AUTO_CREATE: '',
      PASSWORD_LOGIN: 'off',
    },
    { port },
  );
  const login = await api<{ token: string }>(server.baseURL, 'POST', '/auth/login', {
    body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  adminToken = login.body.data.token;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await idp?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('single sign-on', () => {
  it('signs in at the provider and lands on /dashboard signed in, the token never in a URL', async () => {
    const email = await createUser();
    const { page, urls } = await openLogin();

    await page.getByRole('link', { name: 'Sign in with SSO' }).click();
    await signInAtProvider(page, email);

    await page.waitForURL('**/dashboard');
    const layout = new Layout(page);
    await layout.waitUntilShown();
    expect(await layout.currentUser.textContent()).toContain(email);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    expect(urls.some((url) => url.includes(token as string))).toBe(false);
    expect(urls.map(pathOf)).toContain('/login/sso');
    await screenshot(page, 'sso-signed-in');
  });

  it('brings an unknown email back to /login with a toast and no session', async () => {
    const { page } = await openLogin();

    await page.getByRole('link', { name: 'Sign in with SSO' }).click();
    await signInAtProvider(page, `nobody-${Date.now()}@example.com`);

    await waitForToast(page, SSO_ERROR_MESSAGES.unknown_user);
    await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('refuses a callback whose state was tampered with', async () => {
    const email = await createUser();
    const { page, urls } = await openLogin();
    await page.getByRole('link', { name: 'Sign in with SSO' }).click();
    await page.waitForURL((url) => url.origin === idp.issuer);
    // Sign in to the very authorization request this browser was sent with (the provider's answer
    // carries a real code and this browser's state), then follow the answer back with the state
    // changed: what an edited or forged callback link looks like to the browser that started.
    const authorization = urls.find((url) => url.startsWith(`${idp.issuer}/auth?`));
    if (!authorization) throw new Error('the browser never reached the authorization endpoint');
    const answer = await providerSignIn(authorization, email, `${server.baseURL}/api/auth/oidc/callback`);
    answer.searchParams.set('state', `${answer.searchParams.get('state')}-tampered`);
    await page.goto(answer.href);

    await waitForToast(page, SSO_ERROR_MESSAGES.state);
    expect(pathOf(page.url())).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

describe('PASSWORD_LOGIN=off', () => {
  it('hides the password form behind Administrator sign-in, where the admin still signs in', async () => {
    const { page } = await openLogin();
    const login = new LoginPage(page);
    await page.getByRole('link', { name: 'Sign in with SSO' }).waitFor();
    expect(await login.email.count()).toBe(0);
    await screenshot(page, 'sso-login-password-off');

    await page.getByRole('button', { name: 'Administrator sign-in' }).click();
    await login.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);

    await page.waitForURL('**/dashboard');
    expect(await new Layout(page).currentUser.textContent()).toContain(ADMIN_EMAIL);
  });

  it("toasts the server's refusal when a non-admin tries a password", async () => {
    const email = await createUser();
    const { page } = await openLogin();
    await page.getByRole('button', { name: 'Administrator sign-in' }).click();

    await new LoginPage(page).signIn(email, USER_PASSWORD);

    await waitForToast(page, 'Password sign-in is turned off for your account. Use Sign in with SSO.');
    expect(pathOf(page.url())).toBe('/login');
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ChangePasswordModal } from './pages/change-password-modal.ts';
import { Layout } from './pages/layout.ts';
import { LoginPage } from './pages/login-page.ts';
import { waitForToast } from './pages/toasts.ts';
import {
  ApiSession,
  adminCredentials,
  baseURL,
  type Credentials,
  createUser,
  expectOk,
  signIn,
} from './support/api.ts';
import { useBrowser } from './support/browser.ts';

const browser = useBrowser();

const pathOf = (url: string) => new URL(url).pathname;

/** The session token the app keeps in localStorage. */
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

/** A page signed in as `credentials` (a new user unless given), at `path` once the layout shows. */
async function signedInAt(path: string, credentials?: Credentials) {
  const page = await browser.signedInPage(credentials ?? (await createUser()));
  await page.goto(path);
  const layout = new Layout(page);
  await layout.waitUntilShown();
  return { page, layout };
}

/** Changes the password in a session of its own, which ends every other session of the user. */
async function changePasswordThroughApi(credentials: Credentials, newPassword: string): Promise<void> {
  const api = await signIn(credentials);
  expectOk(
    await api.post('/auth/change-password', { currentPassword: credentials.password, newPassword }),
    'Changing the password',
  );
}

describe('sign-in', () => {
  it('signs in and lands on /dashboard showing who is signed in', async () => {
    const { email, password } = await createUser({ name: 'Dana Sign-in' });
    const page = await browser.anonymousPage();
    const login = new LoginPage(page);
    await login.goto();

    await login.signIn(email, password);

    await page.waitForURL('**/dashboard');
    const layout = new Layout(page);
    expect(await layout.currentUser.textContent()).toContain(email);
    expect(await layout.currentUser.textContent()).toContain('Staff');
    expect(await storedToken(page)).toBeTruthy();
    expect(browser.pageErrors(page)).toEqual([]);
  });

  it("toasts the server's message on a wrong password and stays on /login", async () => {
    const { email } = await createUser();
    const page = await browser.anonymousPage();
    const login = new LoginPage(page);
    await login.goto();

    await login.signIn(email, 'not-the-password');

    await waitForToast(page, 'Invalid email or password');
    expect(pathOf(page.url())).toBe('/login');
    expect(await login.submit.textContent()).toBe('Sign in');
    expect(await login.submit.isEnabled()).toBe(true);
  });

  it("reads 'Signing in...' and is disabled while busy", async () => {
    const { email, password } = await createUser();
    const page = await browser.anonymousPage();
    const login = new LoginPage(page);
    await login.goto();
    // Hold the answer back so the busy state can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });

    await login.signIn(email, password);

    await page.getByRole('button', { name: 'Signing in...' }).waitFor();
    expect(await login.submit.isDisabled()).toBe(true);
    release();
    await page.waitForURL('**/dashboard');
  });

  it("toasts 'Unable to connect to server' when the server cannot be reached", async () => {
    const page = await browser.anonymousPage();
    const login = new LoginPage(page);
    await login.goto();
    await page.route('**/api/auth/login', (route) => route.abort('connectionrefused'));

    await login.signIn('someone@example.com', 'whatever-password');

    await waitForToast(page, 'Unable to connect to server');
  });

  it('returns to a deep link after sign-in', async () => {
    const page = await browser.anonymousPage();
    await page.goto('/settings/users');
    const login = new LoginPage(page);
    await login.waitUntilShown();

    const admin = adminCredentials();
    await login.signIn(admin.email, admin.password);

    await page.waitForURL('**/settings/users');
    await page.getByRole('heading', { name: 'Users' }).waitFor();
  });
});

describe('session', () => {
  it('logs out: token gone, back on /login, and the app stays signed out', async () => {
    const { page, layout } = await signedInAt('/calculator');

    await layout.logout();

    await new LoginPage(page).waitUntilShown();
    expect(await storedToken(page)).toBeNull();
    await page.goto('/dashboard');
    await new LoginPage(page).waitUntilShown();
  });

  it('logs out on the server too: a copy of the token taken before Logout no longer works', async () => {
    const { page, layout } = await signedInAt('/dashboard');
    const copied = await storedToken(page);
    expect(copied).toBeTruthy();
    const copy = new ApiSession(baseURL(), copied);
    expect((await copy.get('/auth/me')).status).toBe(200);

    await layout.logout();

    await new LoginPage(page).waitUntilShown();
    const after = await copy.get('/auth/users');
    expect(after.status).toBe(401);
    expect((await copy.get('/auth/me')).status).toBe(401);
  });

  it('keeps the session across a reload (the token is verified and refreshed)', async () => {
    const { page, layout } = await signedInAt('/dashboard');
    const first = await storedToken(page);

    await page.reload();

    await layout.waitUntilShown();
    expect(pathOf(page.url())).toBe('/dashboard');
    expect(await storedToken(page)).toBeTruthy();
    expect(first).toBeTruthy();
  });

  it('goes to /login when a call answers 401 mid-session', async () => {
    const credentials = await createUser({ password: 'Orchard-lantern-41' });
    const { page } = await signedInAt('/dashboard', credentials);
    const modal = new ChangePasswordModal(page);
    await modal.open();
    await modal.fill({ current: 'Orchard-lantern-41', next: 'Granite-willow-17' });
    const unauthorized = page.waitForResponse(
      (r) => new URL(r.url()).pathname.startsWith('/api/') && r.status() === 401,
    );
    // End the browser's session behind its back: a password change ends every other session.
    await changePasswordThroughApi(credentials, 'Saffron-bridge-62');

    // Any API call now answers 401: the form's own, or one the page makes first, which sends
    // the page away before the click can land; either way the page must end on /login.
    const login = new LoginPage(page);
    await Promise.race([modal.submitButton.click(), login.waitUntilShown()]);

    await unauthorized;
    await login.waitUntilShown();
    expect(await storedToken(page)).toBeNull();
  });

  it('sends a revoked session to /login on start-up', async () => {
    const credentials = await createUser({ password: 'Orchard-lantern-41' });
    const page = await browser.signedInPage(credentials);
    await changePasswordThroughApi(credentials, 'Saffron-bridge-62');

    await page.goto('/calculator');

    await new LoginPage(page).waitUntilShown();
    expect(await storedToken(page)).toBeNull();
  });
});

import { expect, it } from 'vitest';
import { ChangePasswordModal } from './pages/change-password-modal.ts';
import { Layout } from './pages/layout.ts';
import { LoginPage } from './pages/login-page.ts';
import { waitForToast } from './pages/toasts.ts';
import { type Credentials, createUser } from './support/api.ts';
import { useBrowser } from './support/browser.ts';

const browser = useBrowser();

/** The user's dashboard with Change Password open. */
async function openModal(credentials: Credentials) {
  const page = await browser.signedInPage(credentials);
  await page.goto('/dashboard');
  const modal = new ChangePasswordModal(page);
  await modal.open();
  return { page, modal };
}

// The journey through the built app and the real server: the new password works, the old one no
// longer does, and the session survives a reload. The form's checks (mismatch, a wrong current
// password, Cancel, the strength meter) are in apps/web/src/features/auth/change-password-modal.test.tsx.
it('changes the password for good', async () => {
  const credentials = await createUser({ password: 'Cobalt-ferry-36' });
  const { page, modal } = await openModal(credentials);

  await modal.submit({ current: 'Cobalt-ferry-36', next: 'Juniper-atlas-85' });
  await waitForToast(page, 'Password changed successfully');
  await modal.waitUntilClosed();

  // The fresh token from the answer was stored: the session survives a reload.
  await page.reload();
  await new Layout(page).waitUntilShown();
  expect(new URL(page.url()).pathname).toBe('/dashboard');

  await new Layout(page).logout();
  const login = new LoginPage(page);
  await login.waitUntilShown();
  await login.signIn(credentials.email, 'Cobalt-ferry-36');
  await waitForToast(page, 'Invalid email or password');
  await login.signIn(credentials.email, 'Juniper-atlas-85');
  await page.waitForURL('**/dashboard');
});

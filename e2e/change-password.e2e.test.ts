import { expect, it } from 'vitest';
import { ChangePasswordModal } from './pages/change-password-modal.ts';
import { Layout } from './pages/layout.ts';
import { LoginPage } from './pages/login-page.ts';
import { dismissToasts, waitForToast } from './pages/toasts.ts';
import { createUser } from './support/api.ts';
import { useBrowser } from './support/browser.ts';

const browser = useBrowser();

it('refuses a mismatch and a wrong current password, then changes it for good', async () => {
  const credentials = await createUser({ password: 'first-password-1' });
  const page = await browser.signedInPage(credentials);
  await page.goto('/dashboard');
  const modal = new ChangePasswordModal(page);
  await modal.open();

  await modal.submit({ current: 'first-password-1', next: 'second-password-2', confirm: 'something-else' });
  await waitForToast(page, 'New passwords do not match');
  await modal.dialog.getByText('New passwords do not match').waitFor();
  await dismissToasts(page);

  await modal.submit({ current: 'wrong-password', next: 'second-password-2' });
  await waitForToast(page, 'Current password is incorrect');
  await dismissToasts(page);

  await modal.submit({ current: 'first-password-1', next: 'second-password-2' });
  await waitForToast(page, 'Password changed successfully');
  await modal.waitUntilClosed();

  // The fresh token from the answer was stored: the session survives a reload.
  await page.reload();
  await new Layout(page).waitUntilShown();
  expect(new URL(page.url()).pathname).toBe('/dashboard');

  await new Layout(page).logout();
  const login = new LoginPage(page);
  await login.waitUntilShown();
  await login.signIn(credentials.email, 'first-password-1');
  await waitForToast(page, 'Invalid email or password');
  await login.signIn(credentials.email, 'second-password-2');
  await page.waitForURL('**/dashboard');
});

it('Cancel closes the modal and clears what was typed', async () => {
  const page = await browser.signedInPage(await createUser());
  await page.goto('/dashboard');
  const modal = new ChangePasswordModal(page);
  await modal.open();
  await modal.field('Current Password').fill('typed');

  await modal.dialog.getByRole('button', { name: 'Cancel' }).click();
  await modal.waitUntilClosed();
  await modal.open();

  expect(await modal.field('Current Password').inputValue()).toBe('');
});

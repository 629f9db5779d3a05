import { expect, it } from 'vitest';
import { ChangePasswordModal } from './pages/change-password-modal.ts';
import { Layout } from './pages/layout.ts';
import { LoginPage } from './pages/login-page.ts';
import { dismissToasts, waitForToast } from './pages/toasts.ts';
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

it('refuses a mismatch and a wrong current password, then changes it for good', async () => {
  const credentials = await createUser({ password: 'Cobalt-ferry-36' });
  const { page, modal } = await openModal(credentials);

  await modal.submit({ current: 'Cobalt-ferry-36', next: 'Juniper-atlas-85', confirm: 'something-else' });
  await waitForToast(page, 'New passwords do not match');
  await modal.dialog.getByText('New passwords do not match').waitFor();
  await dismissToasts(page);

  await modal.submit({ current: 'wrong-password', next: 'Juniper-atlas-85' });
  await waitForToast(page, 'Current password is incorrect');
  await dismissToasts(page);

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

it('Cancel closes the modal and clears what was typed', async () => {
  const { modal } = await openModal(await createUser());
  await modal.field('Current Password').fill('typed');

  await modal.dialog.getByRole('button', { name: 'Cancel' }).click();
  await modal.waitUntilClosed();
  await modal.open();

  expect(await modal.field('Current Password').inputValue()).toBe('');
});

it('shows the strength of the new password as it is typed', async () => {
  const { modal } = await openModal(await createUser({ name: 'Meter Person' }));
  const meter = modal.dialog.getByTestId('password-strength');

  await modal.field('New Password').fill('password1234');
  await meter.getByText('This password is too easy to guess', { exact: false }).waitFor();
  await modal.field('New Password').fill('Meter-person-2026');
  await meter.getByText('Password cannot contain your name', { exact: false }).waitFor();
  await modal.field('New Password').fill('Harbor-lilac-kettle-77');
  await meter.getByText('meets the password rules', { exact: false }).waitFor();
});

import { PERMISSION_KEYS } from '@salary/shared/common/permissions';
import { describe, expect, it } from 'vitest';
import { dismissToasts, waitForToast } from './pages/toasts.ts';
import { UsersPage } from './pages/users-page.ts';
import { adminApi, adminCredentials, createUser, signIn, uniqueEmail } from './support/api.ts';
import { useBrowser } from './support/browser.ts';

const browser = useBrowser();

async function openUsers() {
  const page = await browser.signedInPage(adminCredentials());
  const users = new UsersPage(page);
  await users.goto();
  await users.waitForList();
  return { page, users };
}

describe('user management', () => {
  it('creates a user with permissions, shown as words in the list', async () => {
    const { page, users } = await openUsers();
    const email = uniqueEmail('created');

    await users.create({
      email,
      password: 'Meadow-copper-93',
      name: 'Created Person',
      permissions: ['showSettings', 'manageEmployee'],
    });

    await waitForToast(page, 'User created successfully');
    await users.row(email).waitFor();
    expect(await users.row(email).locator('td').first().textContent()).toBe('Created Person');
    expect(await users.permissionWords(email)).toBe('Show Settings, Edit Employee');
    // The form is empty again, ready for the next one.
    expect(await users.field('Email').inputValue()).toBe('');
    // And the account works.
    expect((await signIn({ email, password: 'Meadow-copper-93' })).user.permissions.manageEmployee).toBe(
      true,
    );
  });

  it('checks the form before sending and shows the server refusing a duplicate', async () => {
    const { page, users } = await openUsers();
    const taken = await createUser();

    await users.field('Email').fill(uniqueEmail('short'));
    await users.field('Password').fill('short');
    await users.field('Name').fill('Short Password');
    await users.form.getByRole('button', { name: 'Create User' }).click();
    await users.form.getByText('Password must be at least 12 characters').first().waitFor();

    await users.field('Email').fill(taken.email);
    await users.field('Password').fill('Harbor-lilac-kettle-77');
    await users.form.getByRole('button', { name: 'Create User' }).click();
    await waitForToast(page, `A user with the email ${taken.email} already exists`);
  });

  it('edits only name and permissions', async () => {
    const seeded = await createUser({ name: 'Before Edit', permissions: ['showCost'] });
    const { page, users } = await openUsers();

    await users.startEdit(seeded.email);
    expect(await users.field('Email').inputValue()).toBe(seeded.email);
    expect(await users.field('Email').isDisabled()).toBe(true);
    expect(await users.form.getByLabel('Password').count()).toBe(0);
    await users.field('Name').fill('After Edit');
    await users.setPermissions(['showSalary', 'deleteEmployee'], PERMISSION_KEYS);
    await users.saveEdit();

    await waitForToast(page, 'User updated successfully');
    await users.form.getByRole('button', { name: 'Create User' }).waitFor();
    await expect.poll(() => users.row(seeded.email).locator('td').first().textContent()).toBe('After Edit');
    expect(await users.permissionWords(seeded.email)).toBe('Show Calculated Salary, Delete Employee');
  });

  it('deletes a user only after the confirmation is accepted', async () => {
    const seeded = await createUser({ name: 'To Delete' });
    const { page, users } = await openUsers();

    await users.askDelete(seeded.email);
    await users.confirmDialog.getByText('Are you sure you want to delete this user?').waitFor();
    await users.confirmDialog.getByRole('button', { name: 'Cancel' }).click();
    await users.confirmDialog.waitFor({ state: 'hidden' });
    expect(await users.row(seeded.email).count()).toBe(1);

    await users.askDelete(seeded.email);
    await users.confirmDialog.getByRole('button', { name: 'Delete' }).click();

    await waitForToast(page, 'User deleted successfully');
    await users.row(seeded.email).waitFor({ state: 'detached' });
    const admin = await adminApi();
    const listed = await admin.get<{ users: { email: string }[] }>('/auth/users');
    expect(listed.data.users.map((u) => u.email)).not.toContain(seeded.email);
  });

  it('gives administrator accounts no Edit or Delete buttons (only their sessions)', async () => {
    const { users } = await openUsers();
    const adminRow = users.row(adminCredentials().email);
    await adminRow.waitFor();
    expect(await adminRow.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await adminRow.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await adminRow.getByRole('button').allTextContents()).toEqual(['Sessions']);
    expect(await users.permissionWords(adminCredentials().email)).toBe('All permissions');
  });

  it("shows the server's reason when a delete fails (the user is already gone)", async () => {
    const seeded = await createUser({ name: 'Gone Already' });
    const { page, users } = await openUsers();
    await users.row(seeded.email).waitFor();
    const admin = await adminApi();
    await admin.delete(`/auth/users/${seeded.user.id}`);

    await users.askDelete(seeded.email);
    await users.confirmDialog.getByRole('button', { name: 'Delete' }).click();

    await waitForToast(page, 'User not found');
    await dismissToasts(page);
  });
});

describe('sessions', () => {
  it("shows a user's active sessions and signs them out everywhere", async () => {
    const person = await createUser({ name: 'Session Person' });
    const first = await signIn(person);
    const second = await signIn(person);
    const { page, users } = await openUsers();

    await users
      .row(person.email)
      .getByRole('button', { name: `Sessions of ${person.email}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Active sessions of ${person.email}` });
    await dialog.getByText('2 active sessions').waitFor();
    expect(await dialog.getByRole('table', { name: 'Active sessions' }).locator('tbody tr').count()).toBe(2);

    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();

    await waitForToast(page, 'Signed out everywhere');
    await dialog.getByText('No active sessions').waitFor();
    expect((await first.get('/auth/me')).status).toBe(401);
    expect((await second.get('/auth/me')).status).toBe(401);
    expect(browser.pageErrors(page)).toEqual([]);
  });
});

describe('password strength', () => {
  it('shows the strength and the reason as the password is typed, and the server agrees', async () => {
    const { page, users } = await openUsers();
    const meter = page.getByTestId('password-strength');
    await users.field('Name').fill('Nadia Quinn');
    await users.field('Email').fill(uniqueEmail('nadia'));

    await users.field('Password').fill('short');
    await meter.getByText('Password must be at least 12 characters').waitFor();
    await users.field('Password').fill('qwerty123456');
    await meter.getByText('This password is too common').waitFor();
    await users.field('Password').fill('nadia-quinn-2026');
    await meter.getByText(/Password cannot contain your (name|email address)/).waitFor();
    await users.field('Password').fill('Harbor-lilac-kettle-77');
    await meter.getByText('meets the password rules', { exact: false }).waitFor();
    expect(await meter.textContent()).toMatch(/Strength: (Good|Strong)/);

    // The server refuses what the meter refuses, with the same words.
    await users.field('Password').fill('qwerty123456');
    await users.form.getByRole('button', { name: 'Create User' }).click();
    await waitForToast(page, 'This password is too common');
  });
});

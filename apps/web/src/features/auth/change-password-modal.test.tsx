import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ChangePasswordButton } from '../../components/change-password-button.tsx';
import { getToken } from '../../lib/token-storage.ts';
import { newUser } from '../../test/fixtures.ts';
import { envelope, sendJson, setPageUrl, testServerForFile } from '../../test/http-test-server.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { serveSignedIn } from '../../test/sign-in.ts';

/* Change Password from a page header: the form's checks, the server's refusal, the new token. */

const server = testServerForFile();
const WAIT = { timeout: 10_000 };
const CURRENT = 'Cobalt-ferry-36';
const NEXT = 'Juniper-atlas-85';
const user = newUser({ name: 'Meter Person', email: 'meter.person@example.com' });

beforeEach(() => {
  setPageUrl(`${server.origin}/dashboard`);
  serveSignedIn(server, user, (req, res) => {
    if (req.method !== 'POST' || req.path !== '/api/auth/change-password')
      return sendJson(res, 404, { success: false, message: 'Not found', error: 'NOT_FOUND', data: null });
    const { currentPassword } = JSON.parse(req.body) as { currentPassword: string };
    if (currentPassword !== CURRENT)
      return sendJson(res, 400, {
        success: false,
        message: 'Current password is incorrect',
        error: 'VALIDATION_ERROR',
        data: { fields: [{ field: 'currentPassword', message: 'Current password is incorrect' }] },
      });
    sendJson(res, 200, envelope({ token: 'fresh-token', user }, 'Password changed successfully'));
  });
});

const dialog = () => within(screen.getByRole('dialog', { name: 'Change Password' }));
/** Labels carry a required marker ("New Password *"), and "New Password" is inside "Confirm New …". */
const field = (label: string) => dialog().getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
const changes = () => server.requests.filter((r) => r.path === '/api/auth/change-password');

/** A toast (react-toastify) saying `text`; the same words under a field are not a toast. */
const toastSays = (text: string) =>
  waitFor(
    () =>
      expect(
        Array.from(document.querySelectorAll('.Toastify__toast')).some((t) => t.textContent?.includes(text)),
      ).toBe(true),
    WAIT,
  );

async function openModal() {
  renderWithProviders(<ChangePasswordButton />);
  await userEvent.click(await screen.findByRole('button', { name: 'Change Password' }, WAIT));
  await screen.findByRole('dialog', { name: 'Change Password' }, WAIT);
}

async function submit(values: { current: string; next: string; confirm?: string }) {
  for (const [label, value] of [
    ['Current Password', values.current],
    ['New Password', values.next],
    ['Confirm New Password', values.confirm ?? values.next],
  ] as const) {
    await userEvent.clear(field(label));
    await userEvent.type(field(label), value);
  }
  await userEvent.click(dialog().getByRole('button', { name: 'Change Password' }));
}

describe('change password', { timeout: 30_000 }, () => {
  it('refuses a mismatch without asking the server, in a toast and under the field', async () => {
    await openModal();
    await submit({ current: CURRENT, next: NEXT, confirm: 'something-else' });
    await toastSays('New passwords do not match');
    expect(dialog().getByText('New passwords do not match')).toBeInTheDocument();
    expect(changes()).toHaveLength(0);
  });

  it("toasts the server's refusal of a wrong current password and stays open", async () => {
    await openModal();
    await submit({ current: 'wrong-password', next: NEXT });
    await toastSays('Current password is incorrect');
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeInTheDocument();
    expect(getToken()).toBe('token');
  });

  it('changes it: sends both passwords, toasts, closes and keeps the fresh token', async () => {
    await openModal();
    await submit({ current: CURRENT, next: NEXT });
    await toastSays('Password changed successfully');
    await waitFor(
      () => expect(screen.queryByRole('dialog', { name: 'Change Password' })).not.toBeInTheDocument(),
      WAIT,
    );
    expect(changes().map((r) => JSON.parse(r.body))).toEqual([
      { currentPassword: CURRENT, newPassword: NEXT },
    ]);
    // The answer's token replaces the old one (the server revokes it): the session survives a reload.
    expect(getToken()).toBe('fresh-token');
  });

  it('Cancel closes the modal and clears what was typed', async () => {
    await openModal();
    await userEvent.type(field('Current Password'), 'typed');

    await userEvent.click(dialog().getByRole('button', { name: 'Cancel' }));
    await waitFor(
      () => expect(screen.queryByRole('dialog', { name: 'Change Password' })).not.toBeInTheDocument(),
      WAIT,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    await screen.findByRole('dialog', { name: 'Change Password' }, WAIT);

    expect(field('Current Password')).toHaveValue('');
  });

  it('shows the strength of the new password as it is typed', async () => {
    await openModal();
    const meter = () => within(dialog().getByTestId('password-strength'));

    await userEvent.type(field('New Password'), 'password1234');
    expect(await meter().findByText(/This password is too easy to guess/, {}, WAIT)).toBeInTheDocument();
    await userEvent.clear(field('New Password'));
    await userEvent.type(field('New Password'), 'Meter-person-2026');
    expect(await meter().findByText(/Password cannot contain your name/, {}, WAIT)).toBeInTheDocument();
    await userEvent.clear(field('New Password'));
    await userEvent.type(field('New Password'), 'Harbor-lilac-kettle-77');
    expect(await meter().findByText(/meets the password rules/, {}, WAIT)).toBeInTheDocument();
  });
});

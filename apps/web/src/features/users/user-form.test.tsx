import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/token-storage.ts';
import { newUser } from '../../test/fixtures.ts';
import { envelope, sendJson, setPageUrl, testServerForFile } from '../../test/http-test-server.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { UserForm } from './user-form.tsx';

const server = testServerForFile();
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

describe('UserForm permissions', () => {
  it('says beside Show Settings, Edit/Delete Settings and Show Accumulated Cost what they reveal about pay', () => {
    renderWithProviders(<UserForm editing={null} onDone={() => {}} />, { route: '/users' });
    const rules = "Lets this user work out every employee's pay from the salary rules.";
    for (const label of ['Show Settings', 'Edit/Delete Settings']) {
      const box = screen.getByRole('checkbox', { name: label });
      expect(box).toHaveAccessibleDescription(rules);
    }
    // The permission's name and the screens' Total Cost meet here: said once, with what it reveals.
    expect(screen.getByRole('checkbox', { name: 'Show Accumulated Cost' })).toHaveAccessibleDescription(
      'Accumulated Cost is the Total Cost the screens show. Lets this user rank every employee by pay, since cost rises with pay.',
    );
    expect(screen.getByRole('checkbox', { name: 'Edit Employee' })).not.toHaveAccessibleDescription();
  });
});

describe('UserForm: saved by someone else since it was opened', () => {
  it('offers Apply anyway, which saves again from the version the 409 gave', async () => {
    setPageUrl(`${server.origin}/users`);
    setToken('token');
    const admin = newUser({ id: 1, email: 'admin@example.com', isAdmin: true, role: 'admin' });
    const edited = { ...newUser({ id: 5, name: 'Sam Staff' }), version: 3 };
    server.handle((req, res) => {
      if (req.path === '/api/auth/me') return sendJson(res, 200, envelope({ token: 'token', user: admin }));
      // The Employee select's choices.
      if (req.path === '/api/employees') return sendJson(res, 200, envelope([]));
      if (req.method === 'PUT' && req.path === '/api/auth/users/5') {
        const body = JSON.parse(req.body) as { name: string; version?: number };
        if (body.version !== 4)
          return sendJson(res, 409, {
            success: false,
            message:
              'User staff@example.com was changed since you opened it: bob@example.com changed Show Salary on Nov 27, 2026, 09:12 AM UTC. Reload to see the changes, or apply yours anyway.',
            error: 'STALE_VERSION',
            data: {
              version: 4,
              changes: [{ by: 'bob@example.com', at: '2026-11-27T09:12:00.000Z', fields: ['Show Salary'] }],
            },
          });
        return sendJson(res, 200, envelope({ ...edited, name: body.name, version: 5 }));
      }
      sendJson(res, 200, envelope({ users: [] }));
    });
    const onDone = vi.fn();
    renderWithProviders(<UserForm editing={edited} onDone={onDone} />, { route: '/users' });
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Samantha');
    await userEvent.click(screen.getByRole('button', { name: 'Update User' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Changed since you opened it' });
    expect(
      within(dialog).getByText('bob@example.com changed Show Salary on Nov 27, 2026, 09:12 AM UTC'),
    ).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply anyway' }));
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const puts = server.requests.filter((r) => r.method === 'PUT').map((r) => JSON.parse(r.body).version);
    expect(puts).toEqual([3, 4]);
  });
});

import type { Permissions } from '@salary/shared/common/permissions';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../lib/token-storage.ts';
import { newUser } from '../test/fixtures.ts';
import { envelope, sendJson, setPageUrl, testServerForFile } from '../test/http-test-server.ts';
import { renderWithProviders } from '../test/render-app.tsx';
import { AppRoutes } from './app-routes.tsx';

const server = testServerForFile();

/** Signs in (token + /auth/me) as a staff user holding `permissions`, then opens `route`. */
function openAs(route: string, permissions: Partial<Permissions>, isAdmin = false) {
  const user = newUser({ permissions, isAdmin, role: isAdmin ? 'admin' : 'user' });
  setToken('token');
  server.handle((req, res) => {
    if (req.path === '/api/auth/me') return sendJson(res, 200, envelope({ token: 'token', user }));
    if (req.path === '/api/auth/users') return sendJson(res, 200, envelope({ users: [user] }));
    sendJson(res, 404, { success: false, message: 'Not found', error: 'NOT_FOUND', data: null });
  });
  return renderWithProviders(<AppRoutes />, { route });
}

// Generous waits: each route loads its lazy chunk, which a cold test run transforms on demand.
const WAIT = { timeout: 10_000 };
const heading = (name: string) => screen.findByRole('heading', { name, level: 1 }, WAIT);

beforeEach(() => {
  setPageUrl(`${server.origin}/`);
});

describe('login guard', { timeout: 30_000 }, () => {
  it('sends a signed-out visitor to /login and back to the page asked for', async () => {
    server.handle((req, res) =>
      req.path === '/api/auth/login'
        ? sendJson(res, 200, envelope({ token: 't', user: newUser() }))
        : sendJson(res, 404, { success: false, message: 'Not found', error: null, data: null }),
    );
    renderWithProviders(<AppRoutes />, { route: '/calculator' });

    expect(await screen.findByRole('heading', { name: 'Sign in to your account' }, WAIT)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Email/), 'staff@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await heading('Salary Calculator')).toBeInTheDocument();
  });

  it('lands on /dashboard from / and from unknown paths', async () => {
    openAs('/no/such/page', {});
    expect(await heading('Employees')).toBeInTheDocument();
  });
});

describe('permission guards', { timeout: 30_000 }, () => {
  it('keeps users without showSettings out of /settings', async () => {
    openAs('/settings/jobs', {});
    expect(await heading('Employees')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('opens the first section for showSettings, without the User Management card', async () => {
    openAs('/settings', { showSettings: true });
    expect(await heading('Settings')).toBeInTheDocument();
    const sections = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(await within(sections).findByRole('link', { current: 'page' }, WAIT)).toHaveTextContent('Jobs');
    expect(within(sections).queryByRole('link', { name: /User Management/ })).not.toBeInTheDocument();
  });

  it("answers 'Access denied' when a non-admin opens the users URL", async () => {
    openAs('/settings/users', { showSettings: true });
    expect(await screen.findByText('Access denied', {}, WAIT)).toBeInTheDocument();
  });

  it('shows admins the User Management card', async () => {
    openAs('/settings/users', {}, true);
    const sections = await screen.findByRole('navigation', { name: 'Settings sections' }, WAIT);
    expect(within(sections).getByRole('link', { name: /User Management/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('needs manageEmployee and showSalary for the employee form', async () => {
    openAs('/employees/edit/12', { manageEmployee: true });
    expect(await heading('Employees')).toBeInTheDocument();
  });

  it('opens the employee form with manageEmployee and showSalary', async () => {
    openAs('/employees/new', { manageEmployee: true, showSalary: true });
    expect(await heading('Add Employee')).toBeInTheDocument();
  });
});

import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../lib/token-storage.ts';
import { newUser } from '../test/fixtures.ts';
import { envelope, sendJson, setPageUrl, testServerForFile } from '../test/http-test-server.ts';
import { renderWithProviders } from '../test/render-app.tsx';
import { AppRoutes } from './app-routes.tsx';

/* Where keyboard focus goes: past the directory's controls to its table, and after signing out. */

const server = testServerForFile();
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const ref = (id: number, name: string) => ({ id, name });
const ana = {
  id: 1,
  name: 'Ana Lima',
  technologyId: 1,
  specializationId: 1,
  gradeId: 1,
  levelId: 1,
  technology: ref(1, 'Engineering'),
  position: ref(1, 'Backend'),
  grade: ref(1, 'G1'),
  level: ref(1, 'L1'),
  yearsExperience: 3,
  yearsWithCompany: 1,
  offshoreProject: false,
  actingAsDifferentGrade: false,
  pillar: false,
  remote: false,
  customMultipliers: [],
};

let employees: unknown[];

beforeEach(() => {
  employees = [ana];
  setPageUrl(`${server.origin}/dashboard`);
  setToken('token');
  const user = newUser();
  server.handle((req, res) => {
    const path = req.path.split('?')[0];
    if (path === '/api/auth/me') return sendJson(res, 200, envelope({ token: 'token', user }));
    if (path === '/api/auth/options')
      return sendJson(res, 200, envelope({ sso: false, passwordLogin: true }));
    if (path === '/api/employees') return sendJson(res, 200, envelope(employees));
    sendJson(res, 200, envelope([]));
  });
});

const pageHeading = (name: string) => screen.findByRole('heading', { name, level: 1 });

describe('keyboard focus', () => {
  it('leads from the directory heading to the table in one Tab and Enter, the first sort button next', async () => {
    renderWithProviders(<AppRoutes />, { route: '/dashboard' });
    const heading = await pageHeading('Employees');
    await waitFor(() => expect(heading).toHaveFocus());
    await screen.findByRole('region', { name: 'Employees' });
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to the table' });
    expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('region', { name: 'Employees' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'ID' })).toHaveFocus();
  });

  it('leads to the directory heading while there is no table', async () => {
    employees = [];
    renderWithProviders(<AppRoutes />, { route: '/dashboard' });
    await screen.findByText('No employees found');
    await userEvent.click(screen.getByRole('link', { name: 'Skip to the table' }));
    expect(screen.getByRole('heading', { name: 'Directory', level: 2 })).toHaveFocus();
  });

  it('puts focus on the sign-in heading after Logout, not on the page body', async () => {
    renderWithProviders(<AppRoutes />, { route: '/dashboard' });
    await pageHeading('Employees');
    screen.getByRole('button', { name: 'Logout' }).focus();
    await userEvent.keyboard('{Enter}');
    const signIn = await pageHeading('Sign in to your account');
    await waitFor(() => expect(signIn).toHaveFocus());
    // The next Tab is the email field.
    await userEvent.tab();
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveFocus();
  });
});

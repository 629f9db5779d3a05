import { SSO_ERROR_MESSAGES } from '@salary/shared/oidc/oidc.contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, sendJson, setPageUrl, testServerForFile } from '../../test/http-test-server.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import LoginPage from './login-page.tsx';

const server = testServerForFile();

function answerOptions(options: { sso: boolean; passwordLogin: boolean }) {
  server.handle((req, res) =>
    req.path === '/api/auth/options'
      ? sendJson(res, 200, envelope(options))
      : sendJson(res, 404, { success: false, message: 'Not found', error: 'NOT_FOUND', data: null }),
  );
}

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

afterAll(async () => server.close());
beforeEach(() => setPageUrl(`${server.origin}/login`));
afterEach(() => vi.restoreAllMocks());

describe('login screen with single sign-on', () => {
  it('keeps the email and password form and adds Sign in with SSO beside it', async () => {
    answerOptions({ sso: true, passwordLogin: true });
    renderWithProviders(<LoginPage />, { route: '/login' });

    const sso = await screen.findByRole('link', { name: 'Sign in with SSO' });
    expect(sso).toHaveAttribute('href', '/api/auth/oidc/start');
    expect(screen.getByRole('textbox', { name: /Email/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Administrator sign-in' })).not.toBeInTheDocument();
  });

  it('asks the browser to fill the email field with an email address (not a user name)', async () => {
    answerOptions({ sso: false, passwordLogin: true });
    renderWithProviders(<LoginPage />, { route: '/login' });

    expect(await screen.findByRole('textbox', { name: /Email/ })).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText(/Password/)).toHaveAttribute('autocomplete', 'current-password');
  });

  it('shows only the form when SSO is off, or when the options cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.handle((_req, res) =>
      sendJson(res, 500, { success: false, message: 'x', error: null, data: null }),
    );
    renderWithProviders(<LoginPage />, { route: '/login' });

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in with SSO' })).not.toBeInTheDocument();
  });

  it('with PASSWORD_LOGIN=off opens the form only behind Administrator sign-in', async () => {
    answerOptions({ sso: true, passwordLogin: false });
    renderWithProviders(<LoginPage />, { route: '/login' });

    const disclosure = await screen.findByRole('button', { name: 'Administrator sign-in' });
    expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: /Email/ })).not.toBeInTheDocument();

    await userEvent.click(disclosure);

    expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: /Email/ })).toBeInTheDocument();
  });

  it.each([
    ['unknown_user', SSO_ERROR_MESSAGES.unknown_user],
    ['state', SSO_ERROR_MESSAGES.state],
    ['<b>made-up</b>', SSO_ERROR_MESSAGES.failed],
  ])('toasts a failed SSO (reason %s) once and drops it from the URL', async (reason, message) => {
    answerOptions({ sso: true, passwordLogin: true });
    renderWithProviders(
      <>
        <LoginPage />
        <Search />
      </>,
      { route: `/login?sso=error&reason=${encodeURIComponent(reason)}` },
    );

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByTestId('search')).toBeEmptyDOMElement();
  });
});

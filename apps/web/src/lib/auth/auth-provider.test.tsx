import { configure, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newUser } from '../../test/fixtures.ts';
import {
  envelope,
  sendJson,
  setPageUrl,
  testServerForFile,
  tokenRejected,
} from '../../test/http-test-server.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { useAccountDialogs } from '../account-dialogs.ts';
import { useToast } from '../toast/toast-context.ts';
import { getToken, setToken } from '../token-storage.ts';
import { useAuth } from './auth-context.ts';

const server = testServerForFile();

/** Shows the provider's state and drives it the way screens do. */
function Probe() {
  const auth = useAuth();
  const location = useLocation();
  const [error, setError] = useState('');
  return (
    <div>
      <output data-testid="status">{auth.status}</output>
      <output data-testid="email">{auth.user?.email ?? ''}</output>
      <output data-testid="path">{location.pathname}</output>
      <output data-testid="error">{error}</output>
      <button
        type="button"
        onClick={() =>
          auth.login({ email: 'staff@example.com', password: 'pw' }).catch((e: Error) => setError(e.message))
        }
      >
        login
      </button>
      <button type="button" onClick={auth.logout}>
        logout
      </button>
    </div>
  );
}

const status = () => screen.findByTestId('status');

// The session check is a real request: on a busy shared machine it outlasts the 1 s default.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  setPageUrl(`${server.origin}/dashboard`);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('start-up', () => {
  it('is anonymous without a token and asks nothing', async () => {
    renderWithProviders(<Probe />);
    expect(await status()).toHaveTextContent('anonymous');
    expect(server.requests).toHaveLength(0);
  });

  it("verifies a stored token, showing 'Loading...', then keeps the fresh token", async () => {
    setToken('old-token');
    let answer: () => void = () => {};
    server.handle((_req, res) => {
      answer = () => sendJson(res, 200, envelope({ token: 'fresh-token', user: newUser() }));
    });

    renderWithProviders(<Probe />);

    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByTestId('status')).not.toBeInTheDocument();
    await waitFor(() => expect(server.requests).toHaveLength(1));
    answer();

    expect(await status()).toHaveTextContent('authenticated');
    expect(screen.getByTestId('email')).toHaveTextContent('staff@example.com');
    expect(getToken()).toBe('fresh-token');
    expect(server.requests[0]?.path).toBe('/api/auth/me');
    expect(server.requests[0]?.headers.authorization).toBe('Bearer old-token');
  });

  it('drops a token the server rejects', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    setToken('revoked');
    server.handle(tokenRejected);

    renderWithProviders(<Probe />);

    expect(await status()).toHaveTextContent('anonymous');
    expect(getToken()).toBeNull();
  });

  it.each([
    [
      'success is false',
      { success: false, message: 'No', error: null, data: null },
      'Invalid response format',
    ],
    ['the token is missing', envelope({ user: newUser() }), 'Invalid response data format'],
    ['the user is missing', envelope({ token: 't' }), 'Invalid response data format'],
  ])('drops the session when %s', async (_label, body, message) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setToken('old-token');
    server.handle((_req, res) => sendJson(res, 200, body));

    renderWithProviders(<Probe />);

    expect(await status()).toHaveTextContent('anonymous');
    expect(getToken()).toBeNull();
    expect(warn).toHaveBeenCalledWith('Session check failed:', message);
  });
});

describe('login and logout', () => {
  it('stores the token and the user on login', async () => {
    server.handle((_req, res) => sendJson(res, 200, envelope({ token: 'new-token', user: newUser() })));
    renderWithProviders(<Probe />, { route: '/login' });

    await userEvent.click(screen.getByRole('button', { name: 'login' }));

    await waitFor(async () => expect(await status()).toHaveTextContent('authenticated'));
    expect(getToken()).toBe('new-token');
    const login = server.requests.find((r) => r.path === '/api/auth/login');
    expect(JSON.parse(login?.body ?? '')).toEqual({
      email: 'staff@example.com',
      password: 'pw',
    });
  });

  it.each([
    ['success is false', { success: false, message: '', error: null, data: null }, 'Invalid response format'],
    ['the user is missing', envelope({ token: 'x' }), 'Invalid response data format'],
    ['the user is malformed', envelope({ token: 'x', user: { id: 'one' } }), 'Invalid response data format'],
  ])('refuses a login answer where %s', async (_label, body, message) => {
    server.handle((_req, res) => sendJson(res, 200, body));
    renderWithProviders(<Probe />, { route: '/login' });

    await userEvent.click(screen.getByRole('button', { name: 'login' }));

    expect(await screen.findByTestId('error')).toHaveTextContent(message);
    expect(screen.getByTestId('status')).toHaveTextContent('anonymous');
    expect(getToken()).toBeNull();
  });

  it('ends the session on the server, clears it here and goes to /login', async () => {
    setToken('old-token');
    server.handle((_req, res) => sendJson(res, 200, envelope({ token: 'fresh', user: newUser() })));
    renderWithProviders(<Probe />, { route: '/settings/jobs' });
    expect(await status()).toHaveTextContent('authenticated');

    await userEvent.click(screen.getByRole('button', { name: 'logout' }));

    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('anonymous'));
    const logout = server.requests.find((r) => r.path.endsWith('/auth/logout'));
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.authorization).toBe('Bearer fresh');
    expect(screen.getByTestId('email')).toBeEmptyDOMElement();
    // The router renders the navigation as a transition, which may follow the state by a frame.
    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent('/login'));
    expect(getToken()).toBeNull();
  });

  it('signs out here even when the server cannot be reached', async () => {
    setToken('old-token');
    server.handle((req, res) => {
      if (req.path.endsWith('/auth/logout')) res.destroy();
      else sendJson(res, 200, envelope({ token: 'fresh', user: newUser() }));
    });
    renderWithProviders(<Probe />, { route: '/settings/jobs' });
    expect(await status()).toHaveTextContent('authenticated');
    vi.spyOn(console, 'warn').mockImplementation(() => {});

    await userEvent.click(screen.getByRole('button', { name: 'logout' }));

    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('anonymous'));
    expect(getToken()).toBeNull();
  });
});

describe('hooks outside their providers', () => {
  it.each([
    ['useAuth', useAuth, 'useAuth must be used within an AuthProvider'],
    ['useToast', useToast, 'useToast must be used within a ToastProvider'],
    [
      'useAccountDialogs',
      useAccountDialogs,
      'useAccountDialogs must be used within an AccountDialogsProvider',
    ],
  ])('%s throws a clear error', (_name, hook, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => hook())).toThrow(message);
  });
});

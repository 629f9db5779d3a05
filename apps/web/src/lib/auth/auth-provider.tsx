import type { LoginBody, SessionData, User } from '@salary/shared/auth/auth.contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { clearToken, getToken, setToken } from '../token-storage.ts';
import { collectSsoSession } from './api/collect-sso-session.ts';
import { getMe } from './api/get-me.ts';
import { login as loginRequest } from './api/login.ts';
import { logout as logoutRequest } from './api/logout.ts';
import { AuthContext, type AuthContextValue, type AuthStatus } from './auth-context.ts';

interface AuthState {
  status: AuthStatus;
  user: User | null;
}

const ANONYMOUS: AuthState = { status: 'anonymous', user: null };

function initialState(): AuthState {
  return getToken() ? { status: 'verifying', user: null } : ANONYMOUS;
}

export function AuthProvider({
  children,
  onSessionCheck,
}: {
  children: ReactNode;
  /**
   * Called once the stored session's check is on its way, with the user it confirms (the app
   * then downloads the page's code and, once confirmed, asks for its data).
   */
  onSessionCheck?: (confirmed: Promise<User>) => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [state, setState] = useState<AuthState>(initialState);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the status starts a check.
  useEffect(() => {
    if (state.status !== 'verifying') return;
    const controller = new AbortController();
    const check = getMe(controller.signal);
    onSessionCheck?.(check.then((session) => session.user));
    check.then(
      (session) => {
        setToken(session.token);
        setState({ status: 'authenticated', user: session.user });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // Stale, revoked or unreadable: start over signed out; the login guard remembers the page.
        console.warn('Session check failed:', error instanceof Error ? error.message : error);
        clearToken();
        setState(ANONYMOUS);
      },
    );
    return () => controller.abort();
  }, [state.status]);

  const startSession = useCallback((session: SessionData) => {
    setToken(session.token);
    setState({ status: 'authenticated', user: session.user });
  }, []);

  const signIn = useCallback(
    async (request: () => Promise<SessionData>) => {
      const session = await request();
      // Answers cached for someone else must never show to this user.
      queryClient.clear();
      startSession(session);
      return session.user;
    },
    [queryClient, startSession],
  );
  const login = useCallback((credentials: LoginBody) => signIn(() => loginRequest(credentials)), [signIn]);
  const completeSso = useCallback(() => signIn(collectSsoSession), [signIn]);

  const logout = useCallback(async () => {
    // End the session on the server first (while the token is still sent); signed out here
    // whatever the answer — an unreachable server must not keep anyone signed in on screen.
    try {
      await logoutRequest();
    } catch (error) {
      console.warn('Logout request failed:', error instanceof Error ? error.message : error);
    }
    clearToken();
    queryClient.clear();
    setState(ANONYMOUS);
    navigate('/login', { replace: true });
  }, [navigate, queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      user: state.user,
      login,
      completeSso,
      logout,
      replaceSession: startSession,
    }),
    [state, login, completeSso, logout, startSession],
  );

  if (state.status === 'verifying') return <FullPageLoader />;
  return <AuthContext value={value}>{children}</AuthContext>;
}

import type { LoginBody, SessionData, User } from '@salary/shared/auth/auth.contract';
import { requiredContext } from '../required-context.ts';

/** No token → anonymous; a stored token is verified first; then authenticated. */
export type AuthStatus = 'anonymous' | 'verifying' | 'authenticated';

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  /** Signs in, stores the token and the user; rejects with ApiError or InvalidSessionResponseError. */
  login(credentials: LoginBody): Promise<User>;
  /** Collects the sign-in single sign-on prepared (on /login/sso) and stores it like login. */
  completeSso(): Promise<User>;
  /** Ends the session on the server, clears token, user and cached answers, then goes to /login. */
  logout(): Promise<void>;
  /** Keeps the session going with a fresh token (a password change ends the other sessions). */
  replaceSession(session: SessionData): void;
}

export const [AuthContext, useAuth] = requiredContext<AuthContextValue>(
  'useAuth must be used within an AuthProvider',
);

/** For screens behind the login guard, where a user is always present. */
export function useCurrentUser(): User {
  const { user } = useAuth();
  if (!user) throw new Error('useCurrentUser must be used behind the login guard');
  return user;
}

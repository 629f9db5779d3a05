import { redirectTargetFrom } from '../../lib/auth/login-redirect.ts';

// The page asked for survives the trip to the identity provider in this tab's sessionStorage.
const KEY = 'salary.sso.from';

/** Remembers the login guard's router state before leaving for the provider. */
export function rememberSsoTarget(routerState: unknown): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(routerState ?? null));
  } catch {
    // Storage off: SSO still signs in and lands on /dashboard.
  }
}

/** Where to go after SSO (the remembered origin, else /dashboard); forgets it. */
export function takeSsoTarget(): string {
  try {
    const stored = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return redirectTargetFrom(stored ? JSON.parse(stored) : null);
  } catch {
    return redirectTargetFrom(null);
  }
}

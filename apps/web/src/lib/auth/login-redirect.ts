import { isRecord } from '../is-record.ts';

const DEFAULT_TARGET = '/dashboard';

interface LocationLike {
  pathname: string;
  search: string;
  hash: string;
}

/** Router state the login guard leaves on /login so sign-in can return to the page asked for. */
export function loginRedirectState(from: LocationLike) {
  return { from: { pathname: from.pathname, search: from.search, hash: from.hash } };
}

/** Where to go after sign-in: the remembered origin, else /dashboard. */
export function redirectTargetFrom(state: unknown): string {
  const from = isRecord(state) && isRecord(state.from) ? state.from : null;
  const pathname = typeof from?.pathname === 'string' ? from.pathname : '';
  // Only app paths: never loop back to /login, never leave the origin ('//host' is protocol-relative).
  if (!pathname.startsWith('/') || pathname.startsWith('//') || pathname === '/login') return DEFAULT_TARGET;
  const search = typeof from?.search === 'string' ? from.search : '';
  const hash = typeof from?.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}

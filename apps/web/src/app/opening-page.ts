import type { User } from '@salary/shared/auth/auth.contract';
import type { QueryClient } from '@tanstack/react-query';
import { API_BASE, createApiClient } from '../lib/api-client.ts';
import { AppLayout, pageAt } from './lazy-pages.ts';

/** A read sent beside the session check: its path, and its answer's data. */
export interface EarlyRead {
  path: string;
  answer: Promise<unknown>;
}

/**
 * Its own client: a refused early read is dropped without a word (the session check, not this
 * read, decides about a 401; a 403 only means the confirmed user will not be given the answer).
 */
const earlyClient = createApiClient({ baseUrl: API_BASE, onUnauthorized: () => {}, quiet: true });

/**
 * The page's long read, sent with the session check instead of after it, and before the code
 * downloads take the browser's six connections: a raise cycle's worksheet (10,000 rows is the
 * page's long pole). Its answer is used only once the session is confirmed with a user who may
 * see it (opening-requests.ts); otherwise it is dropped and the page asks for itself.
 */
export function earlyRead(pathname: string): EarlyRead | undefined {
  const [, page, id] = pathname.split('/');
  if (page !== 'raise-cycles' || !/^[1-9]\d{0,8}$/.test(id ?? '')) return undefined;
  const path = `/raise-cycles/${id}/worksheet`;
  const answer = earlyClient.get(path).then((envelope) => envelope.data);
  answer.catch(() => {}); // dropped: the page asks for itself
  return { path, answer };
}

/**
 * The app opens with a stored session: the check goes out first, then the shell's and the
 * page's code download beside it (code only: public, like every asset), and once the session
 * is confirmed the page's data is asked for while that code still loads, instead of each
 * waiting for the one before. A failed download is tried again when the page renders.
 */
export function openStoredSession(
  queryClient: QueryClient,
  confirmed: Promise<User>,
  stillOpen: () => boolean = () => true,
): void {
  const { pathname, search } = window.location;
  if (pathname.startsWith('/login')) return;
  const early = earlyRead(pathname);
  // Its own chunk (the first visit of /login downloads none of the pages' queries), asked for
  // first: the data waits for it, and the browser sends six downloads at a time.
  const requests = import('./opening-requests.ts');
  for (const chunk of [AppLayout, pageAt(pathname)]) chunk.preload().catch(() => {});
  Promise.all([requests, confirmed]).then(
    ([{ prefetchPageData }, user]) => {
      if (stillOpen()) prefetchPageData(queryClient, user, pathname, search, early);
    },
    () => {}, // signed out (the login guard takes over) or not downloaded (the page asks itself)
  );
}

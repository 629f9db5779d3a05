import type { User } from '@salary/shared/auth/auth.contract';
import type { QueryClient } from '@tanstack/react-query';
import { AppLayout, pageAt } from './lazy-pages.ts';

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
  // Its own chunk (the first visit of /login downloads none of the pages' queries), asked for
  // first: the data waits for it, and the browser sends six downloads at a time.
  const requests = import('./opening-requests.ts');
  for (const chunk of [AppLayout, pageAt(pathname)]) chunk.preload().catch(() => {});
  Promise.all([requests, confirmed]).then(
    ([{ prefetchPageData }, user]) => {
      if (stillOpen()) prefetchPageData(queryClient, user, pathname, search);
    },
    () => {}, // signed out (the login guard takes over) or not downloaded (the page asks itself)
  );
}

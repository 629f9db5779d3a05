import type { User } from '@salary/shared/auth/auth.contract';
import type { ReactNode } from 'react';
import { beforeEach } from 'vitest';
import { setToken } from '../lib/token-storage.ts';
import {
  envelope,
  type Handler,
  sendJson,
  setPageUrl,
  type TestServer,
  testServerForFile,
} from './http-test-server.ts';
import { renderWithProviders } from './render-app.tsx';

/** Signs the test in as `user` (a stored token the session check accepts); `answer` serves the rest. */
export function serveSignedIn(server: TestServer, user: User, answer: Handler): void {
  setToken('token');
  server.handle((req, res) =>
    req.path === '/api/auth/me' ? sendJson(res, 200, envelope({ token: 'token', user })) : answer(req, res),
  );
}

/**
 * A test file's screen at `page`: the file's test server, the jsdom page put at `page` before each
 * test (so relative API paths reach that server), and `open`, which signs `user` in, lets `answer`
 * serve the rest and renders `ui` at `route` (the page unless said).
 */
export function signedInPage(page: string) {
  const server = testServerForFile();
  beforeEach(() => setPageUrl(`${server.origin}${page}`));
  return {
    server,
    open(user: User, ui: ReactNode, answer: Handler, route = page) {
      serveSignedIn(server, user, answer);
      return renderWithProviders(ui, { route });
    },
  };
}

import type { User } from '@salary/shared/auth/auth.contract';
import { setToken } from '../lib/token-storage.ts';
import { envelope, type Handler, sendJson, type TestServer } from './http-test-server.ts';

/** Signs the test in as `user` (a stored token the session check accepts); `answer` serves the rest. */
export function serveSignedIn(server: TestServer, user: User, answer: Handler): void {
  setToken('token');
  server.handle((req, res) =>
    req.path === '/api/auth/me' ? sendJson(res, 200, envelope({ token: 'token', user })) : answer(req, res),
  );
}

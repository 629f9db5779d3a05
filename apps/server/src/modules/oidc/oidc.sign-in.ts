import type { SessionData } from '@salary/shared/auth/auth.contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../users/users.repository.ts';

/**
 * The one place single sign-on turns an identified user into a sign-in: a server-side session
 * like a password sign-in's (the request carries the user agent and address it records).
 * Everything before it has already checked the provider's answer.
 */
export function signInWithSso(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
): Promise<SessionData> {
  return app.signInUser(user, request);
}

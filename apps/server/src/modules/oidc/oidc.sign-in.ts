import type { SessionData } from '@salary/shared/auth/auth.contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toUser, type UserRow } from '../users/users.repository.ts';

/**
 * The one place single sign-on turns an identified user into a sign-in: swap this body for the
 * session-creating sign-in when server-side sessions land (the request carries the user agent
 * and address a session records). Everything before it has already checked the provider's answer.
 */
export async function signInWithSso(
  app: FastifyInstance,
  _request: FastifyRequest,
  user: UserRow,
): Promise<SessionData> {
  const token = await app.tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion });
  return { token, user: toUser(user) };
}

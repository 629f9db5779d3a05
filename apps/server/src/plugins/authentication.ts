import type { Actor } from '@salary/shared/common/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/app-error.ts';
import type { TokenService } from '../lib/tokens.ts';
import { createUsersRepository, toUser } from '../modules/users/users.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, read from the database on this request. */
    actor: Actor & { email: string; name: string; tokenVersion: number };
  }
  interface FastifyContextConfig {
    /** Routes that answer without a token (login, health). */
    public?: boolean;
  }
  interface FastifyInstance {
    tokens: TokenService;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * Every /api route needs a valid token unless it is marked public. The user (and so the
 * permissions) is read from the database on every request: a changed or deleted user
 * loses access at once, and a password change retires older tokens via tokenVersion.
 */
export default fp(async function authentication(app: FastifyInstance, opts: { tokens: TokenService }) {
  app.decorate('tokens', opts.tokens);
  app.decorateRequest('actor', null as unknown as FastifyRequest['actor']);
  const repo = createUsersRepository(app.db);

  // onRequest: a caller without a valid token is turned away before its body is even parsed.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.public) return;
    if (!request.url.startsWith('/api/')) return;
    // The API description is public; it holds no data.
    if (request.url === '/api/docs' || request.url.startsWith('/api/docs/')) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized('Authentication required');
    const claims = await opts.tokens.verify(token);
    if (!claims) throw unauthorized('Invalid or expired token');
    const row = await repo.findById(claims.userId);
    if (!row || row.tokenVersion !== claims.tokenVersion) throw unauthorized('Invalid or expired token');
    const user = toUser(row);
    request.actor = {
      id: user.id,
      email: user.email,
      name: user.name,
      isAdmin: user.isAdmin,
      permissions: user.permissions,
      tokenVersion: row.tokenVersion,
    };
  });
});

import type { SessionData } from '@salary/shared/auth/auth.contract';
import type { Actor } from '@salary/shared/common/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { WriteEpoch } from '../db/client.ts';
import { unauthorized } from '../lib/app-error.ts';
import type { TokenService, VerifiedToken } from '../lib/tokens.ts';
import { createSessionCheck } from '../modules/auth/sessions.check.ts';
import type { SessionsRepository } from '../modules/auth/sessions.repository.ts';
import type { SessionLifetimes } from '../modules/auth/sign-in.model.ts';
import { type SignedInRow, toUser } from '../modules/users/users.repository.ts';
import { joinedUnitOfWork } from './unit-of-work.plugin.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, exact as of this request (see sessions.check.ts), and the session used. */
    actor: Actor & { email: string; name: string; sessionId: string; sessionExpiresAt: Date };
    /**
     * The database snapshot the actor was read at (see `currentSnapshot`): reads keyed on it
     * can be served from a cache filled at the same snapshot and stay exact.
     */
    dataSnapshot: string | undefined;
  }
  interface FastifyContextConfig {
    /** Routes that answer without a token (login, health). */
    public?: boolean;
  }
  interface FastifyInstance {
    tokens: TokenService;
    sessionLifetimes: SessionLifetimes;
    /**
     * Signs `user` in: creates a session (with the request's user agent and address) and
     * answers its token. Password sign-in and single sign-on both end here.
     */
    signInUser(user: SignedInRow, request: FastifyRequest): Promise<SessionData>;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

const MAX_CACHED_TOKENS = 10_000;

/**
 * Remembers tokens whose signature verified. A signature stays valid for a given secret, so
 * only the expiry is checked again (as jose does: expired once exp <= now, in whole seconds);
 * whether the session is still live is read every request.
 */
function cachedVerifier(tokens: TokenService) {
  const verified = new Map<string, VerifiedToken>();
  return async (token: string): Promise<VerifiedToken | null> => {
    const hit = verified.get(token);
    if (hit) {
      if (hit.exp > Math.floor(Date.now() / 1000)) return hit;
      verified.delete(token);
      return null;
    }
    const claims = await tokens.verify(token);
    if (!claims) return null;
    if (verified.size >= MAX_CACHED_TOKENS) verified.clear();
    verified.set(token, claims);
    return claims;
  };
}

/**
 * Registered inside the /api scope, so the hook runs for exactly the routes that scope holds
 * — whatever spelling of the URL reached them (percent-encoding, absolute-form targets).
 * Whether a token is needed is read from the matched route (`config.public`), never from the
 * URL's text. The session and its user (and so the permissions) are exact on every request
 * (sessions.check.ts: from memory while nothing was committed, on PGlite; one cheap snapshot
 * question per batch of requests on PostgreSQL): an ended session, a changed or a deleted
 * user count on the next request, on every replica.
 */
export default fp(async function authentication(
  app: FastifyInstance,
  opts: {
    tokens: TokenService;
    lifetimes: SessionLifetimes;
    sessions: SessionsRepository;
    /** PGlite: the count of committed writes, which lets the check answer from memory. */
    writeEpoch?: WriteEpoch;
    /** false (CACHES=off): the check keeps no session between requests. */
    caches?: boolean;
    signInUser: FastifyInstance['signInUser'];
  },
) {
  app.decorate('tokens', opts.tokens);
  app.decorate('sessionLifetimes', opts.lifetimes);
  app.decorate('signInUser', opts.signInUser);
  app.decorateRequest('actor', null as unknown as FastifyRequest['actor']);
  app.decorateRequest('dataSnapshot', undefined);
  const verify = cachedVerifier(opts.tokens);
  const check = createSessionCheck(opts.sessions, {
    idleSeconds: opts.lifetimes.idleSeconds,
    writeEpoch: opts.writeEpoch,
    cache: opts.caches ?? true,
  });

  // onRequest: a caller without a valid token is turned away before its body is even parsed.
  app.addHook('onRequest', async (request, reply) => {
    // Answers may carry tokens or salaries: no cache, shared or private, keeps them.
    reply.header('Cache-Control', 'no-store');
    if (request.routeOptions.config?.public) return;
    // A write a preview runs through its real route: signed in as the preview's caller, whose
    // session was checked by the preview's own request (its transaction holds the database).
    const joined = joinedUnitOfWork(request);
    if (joined) {
      request.actor = joined.actor;
      return;
    }
    const token = bearerToken(request);
    if (!token) throw unauthorized('Authentication required');
    const claims = await verify(token);
    if (!claims) throw unauthorized('Invalid or expired token');
    const { row, snapshot } = await check.find(claims.sessionId);
    if (!row || row.user.id !== claims.userId) throw unauthorized('Invalid or expired token');
    // Idle expiry needs last_used_at, written at most once a minute per session.
    if (row.needsTouch) await check.touch(row.sessionId);
    const user = toUser(row.user);
    request.actor = {
      id: user.id,
      email: user.email,
      name: user.name,
      isAdmin: user.isAdmin,
      permissions: user.permissions,
      employeeId: user.employeeId,
      sessionId: row.sessionId,
      sessionExpiresAt: row.expiresAt,
    };
    request.dataSnapshot = snapshot;
  });
});

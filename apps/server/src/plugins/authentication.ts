import type { Actor } from '@salary/shared/common/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/app-error.ts';
import type { TokenClaims, TokenService } from '../lib/tokens.ts';
import { createUsersRepository, type SignedInRow, toUser } from '../modules/users/users.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, read from the database on this request. */
    actor: Actor & { email: string; name: string; tokenVersion: number };
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
 * whether the user still exists and still holds that token version is read every request.
 */
function cachedVerifier(tokens: TokenService) {
  const verified = new Map<string, { claims: TokenClaims; exp: number | undefined }>();
  return async (token: string): Promise<TokenClaims | null> => {
    const hit = verified.get(token);
    if (hit) {
      if (hit.exp === undefined || hit.exp > Math.floor(Date.now() / 1000)) return hit.claims;
      verified.delete(token);
      return null;
    }
    const claims = await tokens.verify(token);
    if (!claims) return null;
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    if (verified.size >= MAX_CACHED_TOKENS) verified.clear();
    verified.set(token, { claims, exp: typeof payload.exp === 'number' ? payload.exp : undefined });
    return claims;
  };
}

interface Lookup {
  row: SignedInRow | undefined;
  snapshot: string | undefined;
}

/**
 * Reads signed-in users in batches: requests that arrive in the same turn of the event loop,
 * or while a lookup runs, share the next one (one statement for many requests). Every lookup
 * starts after its requests arrived, so each still sees every write committed before it came in.
 */
function batchedUserLookup(repo: ReturnType<typeof createUsersRepository>) {
  type Waiter = { resolve(value: Lookup): void; reject(error: unknown): void };
  let queued: Map<number, Waiter[]> | undefined;
  let running = false;

  async function drain() {
    while (queued) {
      const batch = queued;
      queued = undefined;
      try {
        const { rows, snapshot } = await repo.findManyWithSnapshot([...batch.keys()]);
        const byId = new Map(rows.map((row) => [row.id, row]));
        for (const [id, waiters] of batch)
          for (const w of waiters) w.resolve({ row: byId.get(id), snapshot });
      } catch (error) {
        for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
      }
    }
    running = false;
  }

  return (id: number) =>
    new Promise<Lookup>((resolve, reject) => {
      queued ??= new Map();
      const waiters = queued.get(id);
      if (waiters) waiters.push({ resolve, reject });
      else queued.set(id, [{ resolve, reject }]);
      // Start on the next turn of the event loop, so every request read in this one joins.
      if (!running) {
        running = true;
        setImmediate(drain);
      }
    });
}

/**
 * Registered inside the /api scope, so the hook runs for exactly the routes that scope holds
 * — whatever spelling of the URL reached them (percent-encoding, absolute-form targets).
 * Whether a token is needed is read from the matched route (`config.public`), never from the
 * URL's text. The user (and so the permissions) is read from the database on every request:
 * a changed or deleted user loses access at once, and a password change retires older tokens.
 */
export default fp(async function authentication(app: FastifyInstance, opts: { tokens: TokenService }) {
  app.decorate('tokens', opts.tokens);
  app.decorateRequest('actor', null as unknown as FastifyRequest['actor']);
  app.decorateRequest('dataSnapshot', undefined);
  const verify = cachedVerifier(opts.tokens);
  const lookup = batchedUserLookup(createUsersRepository(app.db));

  // onRequest: a caller without a valid token is turned away before its body is even parsed.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.public) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized('Authentication required');
    const claims = await verify(token);
    if (!claims) throw unauthorized('Invalid or expired token');
    const { row, snapshot } = await lookup(claims.userId);
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
    request.dataSnapshot = snapshot;
  });
});

import { randomBytes } from 'node:crypto';
import type { SessionData } from '@salary/shared/auth/auth.contract';
import type { TokenService } from '../../lib/tokens.ts';
import { type SignedInRow, toUser } from '../users/users.repository.ts';
import type { SessionsRepository } from './sessions.repository.ts';

/** Where a sign-in came from, kept with its session so the user can recognise it. */
export interface SignInOrigin {
  userAgent: string | null;
  address: string | null;
}

export interface SessionLifetimes {
  /** Idle expiry, and the longest a single token lives (JWT_TTL_SECONDS). */
  idleSeconds: number;
  /** Absolute lifetime of a session: renewal stops there (SESSION_MAX_SECONDS). */
  maxSeconds: number;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A token lives JWT_TTL_SECONDS, but never past its session's absolute end. */
export function tokenExpiry(sessionExpiresAt: Date, idleSeconds: number): number {
  return Math.min(nowSeconds() + idleSeconds, Math.floor(sessionExpiresAt.getTime() / 1000));
}

/**
 * The one way a user becomes signed in — password sign-in and single sign-on alike: a new
 * session row, and a token that carries its id.
 */
export function createSignIn(deps: {
  sessions: SessionsRepository;
  tokens: TokenService;
  lifetimes: SessionLifetimes;
}) {
  const { sessions, tokens, lifetimes } = deps;
  let signIns = 0;
  return async function signInUser(user: SignedInRow, origin: SignInOrigin): Promise<SessionData> {
    const session = await sessions.insert({
      id: randomBytes(24).toString('base64url'),
      userId: user.id,
      expiresAt: new Date((nowSeconds() + lifetimes.maxSeconds) * 1000),
      userAgent: origin.userAgent?.slice(0, 300) ?? null,
      address: origin.address?.slice(0, 100) ?? null,
    });
    // Housekeeping now and then: dead sessions are refused anyway, this only frees the rows.
    if (++signIns % 50 === 0) await sessions.deleteDead(lifetimes.idleSeconds);
    const token = await tokens.sign(
      { userId: user.id, sessionId: session.id },
      tokenExpiry(session.expiresAt, lifetimes.idleSeconds),
    );
    return { token, user: toUser(user) };
  };
}

export type SignInUser = ReturnType<typeof createSignIn>;

import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  userId: number;
  /** The server-side session the token belongs to (`sid`). */
  sessionId: string;
}

export interface VerifiedToken extends TokenClaims {
  /** Expiry, seconds since the epoch (always present: tokens without one are refused). */
  exp: number;
}

export interface TokenService {
  /** Signs a token for the session that expires at `expiresAt` (seconds since the epoch). */
  sign(claims: TokenClaims, expiresAt: number): Promise<string>;
  /** Returns the claims, or null for anything malformed, non-canonical, forged or expired. */
  verify(token: string): Promise<VerifiedToken | null>;
}

const CANONICAL_SUB = /^[1-9][0-9]{0,9}$/;
const SESSION_ID = /^[A-Za-z0-9_-]{22,64}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Each of the three parts must be unpadded base64url that re-encodes to itself: a trailing
 * `=` or stray low bits in the last character decode to the same bytes, so jose alone would
 * accept several spellings of one signature.
 */
function isCanonical(token: string): boolean {
  const parts = token.split('.');
  return (
    parts.length === 3 &&
    parts.every(
      (part) => BASE64URL.test(part) && Buffer.from(part, 'base64url').toString('base64url') === part,
    )
  );
}

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ userId, sessionId }, expiresAt) =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(key),
    async verify(token) {
      if (!isCanonical(token)) return null;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub', 'sid'],
        });
        const { sub, sid, exp } = payload;
        // The user id as this server writes it: "2", never " 2", "02", "0x2" or "2.0".
        if (typeof sub !== 'string' || !CANONICAL_SUB.test(sub)) return null;
        const userId = Number(sub);
        if (!Number.isSafeInteger(userId) || userId > 2_147_483_647) return null;
        if (typeof sid !== 'string' || !SESSION_ID.test(sid) || typeof exp !== 'number') return null;
        return { userId, sessionId: sid, exp };
      } catch {
        return null;
      }
    },
  };
}

/** JWT_SECRET when given; otherwise one generated on first start and kept in the data dir. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

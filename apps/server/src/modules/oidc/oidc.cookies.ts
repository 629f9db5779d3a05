import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EncryptJWT, jwtDecrypt } from 'jose';

/** Both cookies are sent only to the SSO routes, never to the rest of the API or the pages. */
export const COOKIE_PATH = '/api/auth/oidc';
/** PKCE verifier, state and nonce between /start and /callback. */
export const FLOW_COOKIE = 'salary_oidc_flow';
/** Who signed in, between /callback and the web app's POST /session. */
export const HANDOFF_COOKIE = 'salary_oidc_handoff';

/**
 * Sealed cookies: encrypted and authenticated (JWE, A256GCM) with a key derived from the token
 * secret, so any replica sharing JWT_SECRET can open them and nobody can read or change them.
 */
export function createCookieSealer(secret: string, secure: boolean) {
  const key = createHmac('sha256', secret).update('salary-system/oidc-cookie/v1').digest();

  return {
    async seal(payload: Record<string, string | number>, ttlSeconds: number): Promise<string> {
      return new EncryptJWT(payload)
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .encrypt(key);
    },

    /** The payload, or null when the cookie is missing, altered, sealed with another key or expired. */
    async open(value: string | undefined): Promise<Record<string, unknown> | null> {
      if (!value) return null;
      try {
        const { payload } = await jwtDecrypt(value, key, {
          keyManagementAlgorithms: ['dir'],
          contentEncryptionAlgorithms: ['A256GCM'],
        });
        return payload;
      } catch {
        return null;
      }
    },

    set(reply: FastifyReply, name: string, value: string, ttlSeconds: number) {
      appendCookie(reply, cookieLine(name, value, ttlSeconds, secure));
    },

    clear(reply: FastifyReply, name: string) {
      appendCookie(reply, cookieLine(name, '', 0, secure));
    },
  };
}
export type CookieSealer = ReturnType<typeof createCookieSealer>;

// HttpOnly: page scripts never see them. SameSite=Lax: sent on the provider's top-level redirect
// back to /callback, never on a cross-site POST (so /session cannot be driven from another site).
function cookieLine(name: string, value: string, maxAge: number, secure: boolean): string {
  return [
    `${name}=${value}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

// Fastify appends each set-cookie header to the ones already set.
function appendCookie(reply: FastifyReply, line: string) {
  reply.header('set-cookie', line);
}

/** One cookie's value from the request (sealed values are base64url and dots: no decoding needed). */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

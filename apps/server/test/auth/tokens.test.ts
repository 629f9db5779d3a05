import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/auth-calls.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';

/*
 * A token is accepted only in the one form this server writes: an expiry, a user id written
 * as a plain positive integer, and each part in canonical base64url. Forged variants are made
 * from a real token by re-signing its own claims with the real secret (so only the one
 * property under test differs).
 */

let t: TestContext;
let key: Uint8Array;
let userToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  key = new TextEncoder().encode(t.config.jwtSecret);
  userToken = (await t.createUser()).token;
});
afterAll(async () => t.close());

const me = (token: string) => t.call({ method: 'GET', url: '/api/auth/me', token });

async function resign(token: string, change: (claims: Record<string, unknown>) => Record<string, unknown>) {
  const claims = change({ ...decodeJwt(token) });
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(key);
}

describe('token claims', () => {
  it('accepts the same claims re-signed (the control)', async () => {
    expect((await me(await resign(userToken, (c) => c))).statusCode).toBe(200);
  });

  it('refuses a token without an expiry', async () => {
    const noExp = await resign(userToken, ({ exp: _exp, ...rest }) => rest);
    expect(decodeJwt(noExp).exp).toBeUndefined();
    expect((await me(noExp)).statusCode).toBe(401);
  });

  it.each([' {id}', '{id} ', '0{id}', '0x{hex}', '{id}.0', '+{id}', '{id}e0', '-{id}'])(
    'refuses the user id spelled %j',
    async (spelling) => {
      const id = Number(decodeJwt(userToken).sub);
      const sub = spelling.replace('{id}', String(id)).replace('{hex}', id.toString(16));
      const res = await me(await resign(userToken, (c) => ({ ...c, sub })));
      expect(res.statusCode).toBe(401);
    },
  );
});

describe('token encoding', () => {
  it('refuses a signature with a trailing "="', async () => {
    expect((await me(`${userToken}=`)).statusCode).toBe(401);
  });

  it('refuses a non-canonical last character of the signature (same bytes, other spelling)', async () => {
    const [head, body, sig = ''] = userToken.split('.');
    // 32 bytes are 43 characters: the last one carries 2 unused bits. Set them.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(sig.at(-1)!);
    const variant = `${sig.slice(0, -1)}${alphabet[last | 1]}`;
    expect(Buffer.from(variant, 'base64url')).toEqual(Buffer.from(sig, 'base64url'));
    expect(variant).not.toBe(sig);
    expect((await me(`${head}.${body}.${variant}`)).statusCode).toBe(401);
    expect((await me(userToken)).statusCode).toBe(200);
  });
});

describe('answers are never cached', () => {
  it.each([
    ['a signed-in read', { method: 'GET', url: '/api/employees' }, true],
    ['who am I', { method: 'GET', url: '/api/auth/me' }, true],
    ['a refused request', { method: 'GET', url: '/api/employees' }, false],
    ['an unknown API route', { method: 'GET', url: '/api/nope' }, false],
    ['health', { method: 'GET', url: '/api/health' }, false],
  ] as const)('sends Cache-Control: no-store on %s', async (_label, req, signedIn) => {
    const res = await t.call({ ...req, token: signedIn ? t.adminToken : undefined });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sends it on sign-in, whose answer carries a token', async () => {
    const res = await signIn(t, 'admin@example.com', 'admin-password-1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

import type { Session } from '@salary/shared/auth/auth.contract';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { ADMIN, buildTestApp, type TestContext, USER_PASSWORD } from '../support/helper.ts';

/*
 * Failed password checks are counted in the database per address+email, per address and per
 * email, so spraying and distributed guessing meet a 429 with Retry-After, every replica
 * counts together, and one person's failures do not lock anyone out from another address.
 */

type Call = TestContext['call'];

const attempt = (call: Call, email: string, password: string, from: Record<string, string> = {}) =>
  call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    ...(from.remoteAddress ? { remoteAddress: from.remoteAddress } : {}),
    headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
  });

function expect429(
  res: Awaited<ReturnType<Call>>,
  message = /^Too many sign-in attempts\. Try again in \d+ seconds\.$/,
) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.envelope).toMatchObject({ success: false, error: 'TOO_MANY_REQUESTS', data: null });
  expect(res.envelope.message).toMatch(message);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
}

async function withApp(
  overrides: Parameters<typeof buildTestApp>[0],
  run: (t: TestContext) => Promise<void>,
) {
  const t = await buildTestApp(overrides);
  try {
    await run(t);
  } finally {
    await t.close();
  }
}

describe('password spraying', () => {
  it('meets a 429 from one address across 40 emails', () =>
    withApp({ loginRateLimit: 10, loginAddressRateLimit: 30 }, async (t) => {
      const statuses: number[] = [];
      let blocked: Awaited<ReturnType<Call>> | undefined;
      for (let i = 0; i < 40; i++) {
        const res = await attempt(t.call, `person${i}@example.com`, 'Summer-2026-password');
        statuses.push(res.statusCode);
        if (res.statusCode === 429) blocked ??= res;
      }
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
      expect429(blocked!);
      // The right password from this address waits too: the address is what is limited.
      expect((await attempt(t.call, ADMIN.email, ADMIN.password)).statusCode).toBe(429);
      // Another address is unaffected.
      expect(
        (await attempt(t.call, ADMIN.email, ADMIN.password, { remoteAddress: '10.0.0.9' })).statusCode,
      ).toBe(200);
    }));
});

describe('no lockout by someone else', () => {
  it("lets the right password in from another address after someone else's failures", () =>
    withApp({ loginRateLimit: 5 }, async (t) => {
      const { email } = await t.createUser();
      for (let i = 0; i < 5; i++)
        expect(
          (await attempt(t.call, email, 'Wrong-guess-123', { remoteAddress: '10.0.0.1' })).statusCode,
        ).toBe(401);
      expect429(await attempt(t.call, email, 'Wrong-guess-123', { remoteAddress: '10.0.0.1' }));
      expect((await attempt(t.call, email, USER_PASSWORD, { remoteAddress: '10.0.0.2' })).statusCode).toBe(
        200,
      );
    }));

  it('limits one email across all addresses at its own, higher limit', () =>
    withApp({ loginRateLimit: 5, loginEmailRateLimit: 8 }, async (t) => {
      const { email } = await t.createUser();
      for (let i = 0; i < 8; i++)
        expect(
          (await attempt(t.call, email, 'Wrong-guess-123', { remoteAddress: `10.1.0.${i}` })).statusCode,
        ).toBe(401);
      expect429(await attempt(t.call, email, 'Wrong-guess-123', { remoteAddress: '10.1.0.99' }));
    }));
});

describe('replicas share one count', () => {
  it('counts failures on two app instances of one database together', () =>
    withApp({ loginRateLimit: 4 }, async (t) => {
      const replica = await t.replica();
      try {
        const email = 'shared-victim@example.com';
        expect((await attempt(t.call, email, 'Wrong-guess-123')).statusCode).toBe(401);
        expect((await attempt(replica.call, email, 'Wrong-guess-123')).statusCode).toBe(401);
        expect((await attempt(t.call, email, 'Wrong-guess-123')).statusCode).toBe(401);
        expect((await attempt(replica.call, email, 'Wrong-guess-123')).statusCode).toBe(401);
        expect429(await attempt(t.call, email, 'Wrong-guess-123'));
        expect429(await attempt(replica.call, email, 'Wrong-guess-123'));
      } finally {
        await replica.close();
      }
    }));
});

describe('TRUST_PROXY', () => {
  it('off: X-Forwarded-For is ignored, every guess counts for the real address', () =>
    withApp({ loginRateLimit: 100, loginAddressRateLimit: 5, trustProxy: false }, async (t) => {
      for (let i = 0; i < 5; i++)
        expect(
          (await attempt(t.call, `p${i}@example.com`, 'Wrong-guess-123', { forwardedFor: `198.51.100.${i}` }))
            .statusCode,
        ).toBe(401);
      expect429(
        await attempt(t.call, 'p9@example.com', 'Wrong-guess-123', { forwardedFor: '198.51.100.77' }),
      );
      const login = await attempt(t.call, ADMIN.email, ADMIN.password, {
        remoteAddress: '10.2.0.1',
        forwardedFor: '198.51.100.200',
      });
      const sessions = await t.call<{ sessions: Session[] }>({
        method: 'GET',
        url: '/api/auth/sessions',
        token: (login.envelope.data as { token: string }).token,
      });
      expect(sessions.envelope.data.sessions.find((s) => s.current)?.address).toBe('10.2.0.1');
    }));

  it('on: the client address comes from X-Forwarded-For, so clients behind the proxy are told apart', () =>
    withApp({ loginRateLimit: 100, loginAddressRateLimit: 5, trustProxy: 1 }, async (t) => {
      for (let i = 0; i < 5; i++)
        expect(
          (await attempt(t.call, `p${i}@example.com`, 'Wrong-guess-123', { forwardedFor: '203.0.113.5' }))
            .statusCode,
        ).toBe(401);
      expect429(await attempt(t.call, 'p9@example.com', 'Wrong-guess-123', { forwardedFor: '203.0.113.5' }));
      // Another client behind the same proxy (same socket address) still signs in.
      const login = await attempt(t.call, ADMIN.email, ADMIN.password, { forwardedFor: '203.0.113.6' });
      expect(login.statusCode).toBe(200);
      const sessions = await t.call<{ sessions: Session[] }>({
        method: 'GET',
        url: '/api/auth/sessions',
        token: (login.envelope.data as { token: string }).token,
      });
      expect(sessions.envelope.data.sessions.find((s) => s.current)?.address).toBe('203.0.113.6');
    }));

  it.each([
    [undefined, false],
    ['off', false],
    ['true', true],
    ['2', 2],
    ['10.0.0.1, 10.0.0.0/8', ['10.0.0.1', '10.0.0.0/8']],
  ] as const)('reads TRUST_PROXY=%j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('refuses a TRUST_PROXY that is no address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY/);
  });
});

describe('change password', () => {
  it('counts wrong current passwords like sign-in and answers 429 with Retry-After', () =>
    withApp({ loginRateLimit: 3 }, async (t) => {
      const { token } = await t.createUser();
      const change = () =>
        t.call({
          method: 'POST',
          url: '/api/auth/change-password',
          token,
          payload: { currentPassword: 'Not-my-password-1', newPassword: 'Fresh-orchard-64' },
        });
      for (let i = 0; i < 3; i++) expect((await change()).statusCode).toBe(400);
      expect429(await change(), /^Too many password attempts\. Try again in \d+ seconds\.$/);
    }));
});

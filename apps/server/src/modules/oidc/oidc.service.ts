import { randomBytes, timingSafeEqual } from 'node:crypto';
import { emailField } from '@salary/shared/common/fields';
import { NO_PERMISSIONS } from '@salary/shared/common/permissions';
import type { SsoErrorReason } from '@salary/shared/oidc/oidc.contract';
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { OidcConfig } from '../../config.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { pgErrorCode } from '../../lib/pg-errors.ts';
import type { UserRow, UsersRepository } from '../users/users.repository.ts';

/** What /start remembers for /callback (in the sealed flow cookie). */
export interface FlowState {
  state: string;
  nonce: string;
  verifier: string;
}

export type SsoOutcome = { ok: true; user: UserRow } | { ok: false; reason: SsoErrorReason };

const SCOPE = 'openid email profile';
const UNIQUE_VIOLATION = '23505';

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Only the booleans a provider sends; some send the string "true". */
function isVerified(value: unknown): boolean {
  return value === true || value === 'true';
}

export function createOidcService(deps: {
  config: OidcConfig;
  users: UsersRepository;
  log: FastifyBaseLogger;
}) {
  const { config, users, log } = deps;
  let discovered: Promise<oidc.Configuration> | undefined;

  /** Discovery runs on first use and is kept; a provider that was down is asked again next time. */
  function provider(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(new URL(config.issuer), config.clientId, config.clientSecret, undefined, {
        // Plain http passes config validation only for a provider on this machine.
        execute: config.issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  async function matchUser(email: string, name: unknown): Promise<UserRow | null> {
    const existing = await users.findByEmail(email);
    if (existing) return existing;
    if (!config.autoCreate) return null;
    const parsedEmail = emailField.safeParse(email);
    if (!parsedEmail.success) return null;
    const displayName =
      (typeof name === 'string' ? name.trim().slice(0, 200) : '') ||
      parsedEmail.data.split('@')[0] ||
      'SSO user';
    try {
      return await users.insert({
        email: parsedEmail.data,
        name: displayName,
        // Nobody knows this password: the account signs in through the provider only.
        passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
        isAdmin: false,
        permissions: NO_PERMISSIONS,
      });
    } catch (error) {
      // Two first sign-ins at once: the other one created the user.
      if (pgErrorCode(error) === UNIQUE_VIOLATION) return (await users.findByEmail(email)) ?? null;
      throw error;
    }
  }

  return {
    /** The user a collected handoff names, as it is now (deleted → undefined). */
    handoffUser: (id: number): Promise<UserRow | undefined> => users.findById(id),

    /** The provider's authorization URL (code flow, PKCE S256, state, nonce) and what to remember. */
    async start(): Promise<{ url: string; flow: FlowState }> {
      const configuration = await provider();
      const flow: FlowState = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: config.redirectUri,
        response_type: 'code',
        scope: SCOPE,
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, flow };
    },

    /**
     * Checks the provider's answer against the flow this browser started, redeems the code and
     * matches the verified email to a user. Any failure is a reason word; no token is made here.
     */
    async finish(callbackUrl: URL, flow: FlowState | null): Promise<SsoOutcome> {
      const returnedState = callbackUrl.searchParams.get('state') ?? '';
      if (!flow || !sameText(returnedState, flow.state)) return { ok: false, reason: 'state' };
      const providerError = callbackUrl.searchParams.get('error');
      if (providerError) {
        log.info({ providerError }, 'single sign-on refused by the provider');
        return { ok: false, reason: providerError === 'access_denied' ? 'denied' : 'failed' };
      }

      let email: unknown;
      let verified: unknown;
      let name: unknown;
      try {
        const configuration = await provider();
        const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) return { ok: false, reason: 'failed' };
        ({ email, email_verified: verified, name } = claims);
        // Providers that follow the spec strictly put scope claims in userinfo only.
        if (email === undefined || verified === undefined) {
          const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
          ({ email, email_verified: verified } = info);
          name ??= info.name;
        }
      } catch (error) {
        // A replayed or expired code, a wrong client secret, a forged ID token, a provider that is down.
        log.warn({ err: error }, 'single sign-on failed');
        return { ok: false, reason: 'failed' };
      }

      if (typeof email !== 'string' || email === '' || !isVerified(verified))
        return { ok: false, reason: 'unverified_email' };
      const user = await matchUser(email, name);
      return user ? { ok: true, user } : { ok: false, reason: 'unknown_user' };
    },
  };
}
export type OidcService = ReturnType<typeof createOidcService>;

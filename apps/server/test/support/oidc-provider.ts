/// <reference path="./oidc-provider-types.d.ts" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (`oidc-provider`, the certified Node implementation) on 127.0.0.1 for the
 * SSO tests. Its development login form signs anyone in: the login typed is the account id, and the
 * account's email is that login, verified, unless `accounts` says otherwise.
 */
export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Claims per login, looked up at sign-in time; tests add their own. */
  accounts: Map<string, { email?: string; email_verified?: boolean; name?: string }>;
  close(): Promise<void>;
}

export const TEST_CLIENT_ID = 'salary-system';
export const TEST_CLIENT_SECRET = 'salary-system-test-secret-0123456789';

export async function startIdentityProvider(redirectUris: string[]): Promise<TestIdentityProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts: TestIdentityProvider['accounts'] = new Map();

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT_ID,
        client_secret: TEST_CLIENT_SECRET,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    async findAccount(_ctx, id) {
      const claims = { email: id, email_verified: true, ...accounts.get(id) };
      return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
    },
    // First-party client: no consent screen, the scopes are granted once signed in.
    async loadExistingGrant(ctx) {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({
        clientId: oidc.client.clientId,
        accountId: oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());

  return {
    issuer,
    clientId: TEST_CLIENT_ID,
    clientSecret: TEST_CLIENT_SECRET,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Walks the provider's pages over HTTP the way a browser would (cookies, redirects, the login
 * form) and answers the URL it finally sends the browser back to — the app's callback.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  redirectUri: string,
): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  };

  let url = new URL(authorizationUrl);
  let init: RequestInit = {};
  for (let hop = 0; hop < 10; hop += 1) {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...init.headers, cookie: cookieHeader() },
    });
    remember(res);
    init = {};
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(redirectUri)) return next;
      url = next;
      continue;
    }
    const page = await res.text();
    if (res.status !== 200 || !page.includes('name="login"'))
      throw new Error(`the provider answered ${res.status} at ${url.pathname}:\n${page.slice(0, 500)}`);
    // The development login form: any password is accepted for any login.
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'any-password' }).toString(),
    };
  }
  throw new Error('the provider never sent the browser back');
}

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

const SSO = {
  OIDC_ISSUER: 'https://login.example.com/realms/acme',
  OIDC_CLIENT_ID: 'salary',
  OIDC_CLIENT_SECRET: 'secret',
  PUBLIC_URL: 'https://salary.example.com/',
};

describe('single sign-on settings', () => {
  it('are off by default, with password sign-in for everyone', () => {
    const config = loadConfig({});
    expect(config.oidc).toBeUndefined();
    expect(config.passwordLogin).toBe(true);
  });

  it('turn on with issuer, client id, secret and public URL; the redirect URI is built from it', () => {
    const config = loadConfig({ ...SSO, OIDC_AUTO_CREATE: '1', PASSWORD_LOGIN: 'off' });
    expect(config.oidc).toEqual({
      issuer: SSO.OIDC_ISSUER,
      clientId: 'salary',
      clientSecret: 'secret',
      autoCreate: true,
      redirectUri: 'https://salary.example.com/api/auth/oidc/callback',
    });
    expect(config.passwordLogin).toBe(false);
  });

  it.each([
    ['half the client settings', { OIDC_ISSUER: SSO.OIDC_ISSUER, OIDC_CLIENT_ID: 'salary' }, 'set all three'],
    ['no public URL', { ...SSO, PUBLIC_URL: '' }, 'PUBLIC_URL: required'],
    [
      'a plain-http issuer elsewhere than this machine',
      { ...SSO, OIDC_ISSUER: 'http://login.example.com' },
      'OIDC_ISSUER',
    ],
    ['auto-create without SSO', { OIDC_AUTO_CREATE: '1' }, 'OIDC_AUTO_CREATE'],
    ['password sign-in off without SSO', { PASSWORD_LOGIN: 'off' }, 'only admins could sign in'],
    ['an unknown PASSWORD_LOGIN', { ...SSO, PASSWORD_LOGIN: 'maybe' }, 'PASSWORD_LOGIN'],
  ])('refuse to start with %s', (_label, env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('accept a plain-http issuer on localhost (a provider on this machine)', () => {
    expect(loadConfig({ ...SSO, OIDC_ISSUER: 'http://127.0.0.1:8080' }).oidc?.issuer).toBe(
      'http://127.0.0.1:8080',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { loginRedirectState, redirectTargetFrom } from './login-redirect.ts';

describe('redirectTargetFrom', () => {
  it('returns to the remembered page with its query and hash', () => {
    const state = loginRedirectState({ pathname: '/settings/users', search: '?q=1', hash: '#top' });
    expect(redirectTargetFrom(state)).toBe('/settings/users?q=1#top');
  });

  it.each([
    ['no state', undefined],
    ['a foreign shape', { from: 'somewhere' }],
    ['the login page itself', { from: { pathname: '/login' } }],
    ['another origin', { from: { pathname: '//evil.example/' } }],
  ])('falls back to /dashboard for %s', (_label, state) => {
    expect(redirectTargetFrom(state)).toBe('/dashboard');
  });
});

import type { TestContext } from './helper.ts';

/*
 * The sign-in and password-change calls as a client makes them, answering the response
 * whatever its status (TestContext.login throws on anything but 200).
 */

/** POST /api/auth/login. */
export const signIn = <T = { token: string }>(
  t: Pick<TestContext, 'call'>,
  email: string,
  password: string,
) => t.call<T>({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

/** POST /api/auth/change-password as `token` (none: anonymous). */
export const changePassword = <T = { token: string }>(
  t: Pick<TestContext, 'call'>,
  token: string | undefined,
  currentPassword: string,
  newPassword: string,
) =>
  t.call<T>({
    method: 'POST',
    url: '/api/auth/change-password',
    ...(token ? { token } : {}),
    payload: { currentPassword, newPassword },
  });

import { z } from 'zod';

/** GET /auth/options: what the login screen offers, asked before anyone signs in. */
export const authOptionsSchema = z.object({
  /** Single sign-on is configured: show 'Sign in with SSO'. */
  sso: z.boolean(),
  /** false: only administrators sign in with a password (the form hides behind a disclosure). */
  passwordLogin: z.boolean(),
});
export type AuthOptions = z.infer<typeof authOptionsSchema>;

/**
 * Why a single sign-on attempt came back to /login (`/login?sso=error&reason=…`). The reason is
 * a fixed word, never text from the provider, so nothing it sends is shown to the user.
 */
export const SSO_ERROR_MESSAGES = {
  unknown_user: 'No account here matches your single sign-on email. Ask an administrator to add you.',
  unverified_email: 'Your identity provider has not verified your email address, so it cannot sign you in.',
  state: 'The single sign-on attempt expired or was tampered with. Please try again.',
  denied: 'Single sign-on was cancelled at the identity provider.',
  failed: 'Single sign-on failed. Please try again.',
} as const;
export type SsoErrorReason = keyof typeof SSO_ERROR_MESSAGES;

export function ssoErrorMessage(reason: string | null): string {
  return Object.hasOwn(SSO_ERROR_MESSAGES, reason ?? '')
    ? SSO_ERROR_MESSAGES[reason as SsoErrorReason]
    : SSO_ERROR_MESSAGES.failed;
}

export const PASSWORD_LOGIN_OFF_MESSAGE =
  'Password sign-in is turned off for your account. Use Sign in with SSO.';

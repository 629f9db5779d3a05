import { TooManyRequests } from '../../lib/app-error.ts';
import type { AuthFailuresRepository } from './auth-failures.repository.ts';

export interface ThrottleLimits {
  /** Failures a minute per address and email (LOGIN_RATE_LIMIT). */
  perAddressAndEmail: number;
  /** Failures a minute per address, across all emails (spraying). */
  perAddress: number;
  /** Failures per 15 minutes per email, across all addresses (distributed guessing). */
  perEmail: number;
}

const MINUTE = 60;
const EMAIL_WINDOW = 15 * 60;

/**
 * Counts failed password checks (sign-in and change-password) in the database, under three
 * keys at once, and refuses further attempts while any key is over its limit. Only failures
 * count, so a person who signs in correctly never uses up anyone's allowance.
 */
export function createSignInThrottle(deps: { failures: AuthFailuresRepository; limits: ThrottleLimits }) {
  const { failures, limits } = deps;
  let recorded = 0;

  const keysFor = (address: string, email: string) => {
    const normalised = email.trim().toLowerCase();
    return [
      { key: `ae|${address}|${normalised}`, max: limits.perAddressAndEmail, windowSeconds: MINUTE },
      { key: `a|${address}`, max: limits.perAddress, windowSeconds: MINUTE },
      { key: `e|${normalised}`, max: limits.perEmail, windowSeconds: EMAIL_WINDOW },
    ];
  };

  return {
    /** Throws a 429 (with the seconds to wait) when any of the attempt's keys is used up. */
    async check(address: string, email: string, message: string): Promise<void> {
      const keys = keysFor(address, email);
      const counts = await failures.current(keys.map((k) => k.key));
      let wait = 0;
      for (const { key, count, retryAfter } of counts) {
        const limit = keys.find((k) => k.key === key);
        if (limit && count >= limit.max) wait = Math.max(wait, retryAfter);
      }
      if (wait > 0) throw new TooManyRequests(`${message} Try again in ${wait} seconds.`, wait);
    },

    async fail(address: string, email: string): Promise<void> {
      await failures.record(keysFor(address, email));
      // Housekeeping now and then: ended windows are ignored anyway.
      if (++recorded % 100 === 0) await failures.deleteExpired();
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

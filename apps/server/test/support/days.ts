import { asCents, fromCents } from '@salary/shared/common/money';

/*
 * Day arithmetic for tests' expected figures, reckoned with Date alone — not with the calendar
 * helpers of the code under test, so that an expectation does not share their mistakes.
 */

/** `day` (YYYY-MM-DD) moved by `days` calendar days (negative: earlier). */
export const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** How many days the month of `day` has. */
export const daysInMonthOf = (day: string) =>
  new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).getUTCDate();

/**
 * What a monthly change of `cents` owes for every day from `from` to the day before `today`:
 * each day's share is cents ÷ days in that day's month, summed as an exact fraction and rounded
 * once, half away from zero — BigInt and Date alone, so as not to share the code under test's
 * rounding.
 */
export function owedFor(cents: number, from: string, today: string): number {
  const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
  let [n, d] = [0n, 1n];
  for (let x = from; x < today; x = plusDays(x, 1)) {
    const m = BigInt(daysInMonthOf(x));
    [n, d] = [n * m + BigInt(cents) * d, d * m];
    const g = gcd(n < 0n ? -n : n, d) || 1n;
    [n, d] = [n / g, d / g];
  }
  const negative = n < 0n;
  const abs = negative ? -n : n;
  let q = abs / d;
  if ((abs % d) * 2n >= d) q += 1n;
  return fromCents(asCents(Number(negative ? -q : q)));
}

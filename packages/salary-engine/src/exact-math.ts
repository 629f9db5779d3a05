/**
 * Integer helpers for the engine. The engine stays free of runtime dependencies, so these live
 * here rather than in packages/shared/src/common/money.ts; they follow the same rule: round half
 * away from zero. Its money is that module's `Cents` (a type-only import, erased at runtime).
 *
 * Products stay in plain numbers while they are safe integers (the common case, and the fast one)
 * and fall back to BigInt only when they are not, so no salary × percent × years loses a cent.
 */

import type { Cents } from '@salary/shared/common/money';
import { SalaryEngineError } from './salary-engine-error.ts';

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/**
 * `value × scale` as an integer, or NaN when value is not a finite number in [min, max] or has more
 * decimals than `scale` allows. Float noise such as 0.1 + 0.2 is absorbed; a real extra decimal is not.
 */
export function toScaledInteger(value: number, scale: number, min: number, max: number): number {
  // Written so NaN, ±Infinity and non-numbers all fail the one range test.
  if (typeof value !== 'number' || !(value >= min && value <= max)) return Number.NaN;
  const product = value * scale;
  const scaled = Math.round(product);
  // scaled / scale is exactly the double nearest that decimal, so equality means "had ≤ N decimals".
  if (scaled / scale !== value && Math.abs(product - scaled) > 1e-6) return Number.NaN;
  // Normalise -0 so no output ever shows "-0".
  return scaled === 0 ? 0 : scaled;
}

/**
 * An integer the engine computed as money, as `Cents`: every input amount was checked into whole
 * cents and every product rounded to one, so the only check left is the one the engine makes on
 * its totals (safe integers).
 */
export const asEngineCents = (n: number): Cents => n as Cents;

/** round(n / d), half away from zero; n a safe integer, d a non-zero integer. */
export function divRound(n: number, d: number): number {
  if (d < 0) {
    n = -n;
    d = -d;
  }
  const abs = n < 0 ? -n : n;
  // `%` is exact on doubles, and (abs - r) is a multiple of d, so the division below is exact too.
  const r = abs % d;
  const q = (abs - r) / d;
  const rounded = r * 2 >= d ? q + 1 : q;
  // 0 - 0 is +0, so a tiny negative never rounds to -0.
  return n < 0 ? 0 - rounded : rounded;
}

/** round(a × b / d), half away from zero, exact for any safe integers a, b, d (d ≠ 0). */
export function mulDivRound(a: number, b: number, d: number): number {
  const p = a * b;
  // If the true product exceeds MAX_SAFE, its double rounding does too, so this test is exact.
  if (p <= MAX_SAFE && p >= -MAX_SAFE) return divRound(p, d);
  return bigDivRound(BigInt(a) * BigInt(b), d);
}

/** round(a × b × c / d), half away from zero, exact for any safe integers (d ≠ 0). */
export function mul3DivRound(a: number, b: number, c: number, d: number): number {
  const p = a * b;
  if (p <= MAX_SAFE && p >= -MAX_SAFE) {
    const p3 = p * c;
    if (p3 <= MAX_SAFE && p3 >= -MAX_SAFE) return divRound(p3, d);
  }
  return bigDivRound(BigInt(a) * BigInt(b) * BigInt(c), d);
}

function bigDivRound(n: bigint, d: number): number {
  let big = BigInt(d);
  if (big < 0n) {
    n = -n;
    big = -big;
  }
  const negative = n < 0n;
  const abs = negative ? -n : n;
  let q = abs / big;
  if ((abs % big) * 2n >= big) q += 1n;
  // The input limits keep money results safe; a freak ratio (a huge fixed amount over a 1-cent salary)
  // still gets an honest error instead of a silently wrong figure.
  if (q > BigInt(MAX_SAFE)) {
    throw new SalaryEngineError(
      'INVALID_INPUT',
      'Invalid salary input: a figure is too large to compute exactly',
    );
  }
  return Number(negative ? -q : q);
}

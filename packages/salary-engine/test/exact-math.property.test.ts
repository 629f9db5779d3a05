/**
 * The number fast path of the integer helpers must agree with plain BigInt arithmetic everywhere,
 * including the products too large for a double, where it falls back to BigInt itself.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divRound, mul3DivRound, mulDivRound, toScaledInteger } from '../src/exact-math.ts';

/** Reference: round(n / d) half away from zero, all in BigInt. */
function reference(n: bigint, d: bigint): number {
  if (d < 0n) return reference(-n, -d);
  const abs = n < 0n ? -n : n;
  let q = abs / d;
  if ((abs % d) * 2n >= d) q += 1n;
  return Number(n < 0n ? -q : q);
}

const small = fc.integer({ min: -1_000_000, max: 1_000_000 });
const wide = fc.integer({ min: -(10 ** 13), max: 10 ** 13 });
const divisor = fc.integer({ min: -(10 ** 7), max: 10 ** 7 }).filter((d) => d !== 0);

describe('exact integer helpers', () => {
  it('divRound rounds half away from zero', () => {
    expect([
      divRound(5, 10),
      divRound(-5, 10),
      divRound(4, 10),
      divRound(-15, 10),
      divRound(15, -10),
    ]).toEqual([1, -1, 0, -2, -2]);
    expect(Object.is(divRound(-4, 10), 0)).toBe(true);
  });

  it('mulDivRound matches BigInt for small and huge products', () => {
    fc.assert(
      fc.property(fc.oneof(small, wide), fc.oneof(small, wide), divisor, (a, b, d) => {
        const expected = reference(BigInt(a) * BigInt(b), BigInt(d));
        // Beyond the safe range the helper refuses rather than return an inexact figure.
        if (Number.isSafeInteger(expected)) expect(mulDivRound(a, b, d)).toBe(expected);
        else expect(() => mulDivRound(a, b, d)).toThrow('too large to compute exactly');
      }),
      { numRuns: 2000 },
    );
  });

  it('mul3DivRound matches BigInt for salary × basis points × hundredths of a year', () => {
    const cents = fc.integer({ min: -(2 * 10 ** 11), max: 2 * 10 ** 11 });
    const bp = fc.integer({ min: -10_000, max: 10_000 });
    const yearHundredths = fc.integer({ min: 0, max: 10_000 });
    fc.assert(
      fc.property(cents, bp, yearHundredths, (a, b, c) => {
        expect(mul3DivRound(a, b, c, 1_000_000)).toBe(
          reference(BigInt(a) * BigInt(b) * BigInt(c), 1_000_000n),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('toScaledInteger takes ≤ N decimals exactly and refuses more', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 11), max: 10 ** 11 }), (c) => {
        expect(toScaledInteger(c / 100, 100, -(10 ** 9), 10 ** 9)).toBe(c === 0 ? 0 : c);
      }),
      { numRuns: 2000 },
    );
    expect(toScaledInteger(1.005, 100, 0, 10)).toBeNaN();
    expect(toScaledInteger(0.1 + 0.2, 100, 0, 10)).toBe(30);
    expect(toScaledInteger(Number.NaN, 100, 0, 10)).toBeNaN();
    expect(toScaledInteger(11, 100, 0, 10)).toBeNaN();
  });
});

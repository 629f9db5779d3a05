import { describe, expect, it } from 'vitest';
import { asCents, type Cents, fromCents, roundToCents, sumCents, toCents } from '../src/common/money.ts';

describe('money: integer cents and the API decimal', () => {
  it('reads a decimal with at most two decimals exactly, float noise absorbed', () => {
    expect(toCents(12.34)).toBe(1234);
    expect(toCents(0.29)).toBe(29); // 0.29 * 100 is 28.999999999999996
    expect(toCents(1.005 - 0.005)).toBe(100);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(-7.5)).toBe(-750);
    expect(toCents(9_999_999_999.99)).toBe(999_999_999_999);
    expect(Object.is(toCents(-0), 0)).toBe(true);
    expect(toCents('1234.50')).toBe(123450);
    expect(toCents('-0.07')).toBe(-7);
    expect(toCents('12.3400')).toBe(1234);
  });

  it('refuses a third decimal and what is not a number, never guessing', () => {
    expect(() => toCents(1.005)).toThrow(RangeError);
    expect(() => toCents(0.001)).toThrow(RangeError);
    expect(() => toCents('1.234')).toThrow(RangeError);
    expect(() => toCents('1e3')).toThrow(RangeError);
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('gives the decimal back, and round-trips every cent', () => {
    expect(fromCents(asCents(1234))).toBe(12.34);
    expect(fromCents(asCents(-5))).toBe(-0.05);
    for (let c = -1000; c <= 100_000; c += 7) expect(toCents(fromCents(asCents(c)))).toBe(c);
  });

  it('rounds a longer figure to the cent as the decimal reads, half away from zero', () => {
    expect(roundToCents(1.005)).toBe(101);
    expect(roundToCents(2.345)).toBe(235);
    expect(roundToCents(-2.345)).toBe(-235);
    expect(roundToCents(1234.5678)).toBe(123457);
    expect(roundToCents(0.004)).toBe(0);
    expect(roundToCents(1e-7)).toBe(0);
    expect(roundToCents(12)).toBe(1200);
  });

  it('a Cents is a safe integer: nothing else becomes one', () => {
    expect(() => asCents(1.5)).toThrow(RangeError);
    expect(() => asCents(2 ** 53)).toThrow(RangeError);
    expect(sumCents([asCents(1), asCents(2), asCents(-3)] as Cents[])).toBe(0);
  });
});

import { asCents, fromCents } from '@salary/shared/common/money';
import { hundredthsOfHours } from '@salary/shared/employees/fields/hours';
import type { PayReport } from '@salary/shared/pay-transparency/pay-transparency.contract';
import { expect } from 'vitest';
import { daysInMonthOf, plusDays } from './days.ts';
import type { MediumContext } from './medium.ts';

/*
 * An independent model of the pay report for a calendar year, for the tests: every day of the
 * year priced on its own (`priceEmployees({ asOf })`), each employed day adding its monthly pay
 * ÷ the days of its month and its weekly hours ÷ 7, as exact fractions; means, medians and gaps
 * computed from those and rounded once.
 */

/** Exact fractions n/d, BigInt, reduced. */
export type Fraction = [bigint, bigint];
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
const reduce = ([n, d]: Fraction): Fraction => {
  const g = gcd(n, d) || 1n;
  return d < 0n ? [-n / g, -d / g] : [n / g, d / g];
};
const plusF = (x: Fraction, y: Fraction): Fraction => reduce([x[0] * y[1] + y[0] * x[1], x[1] * y[1]]);
const timesF = (x: Fraction, y: Fraction): Fraction => reduce([x[0] * y[0], x[1] * y[1]]);
export const overF = (x: Fraction, y: Fraction): Fraction => reduce([x[0] * y[1], x[1] * y[0]]);
export const compareF = (x: Fraction, y: Fraction) => {
  const diff = x[0] * y[1] - y[0] * x[1];
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
};
/** n/d rounded half away from zero to an integer. */
const roundF = ([n, d]: Fraction): bigint => {
  const neg = n < 0n;
  const a = neg ? -n : n;
  let q = a / d;
  if ((a % d) * 2n >= d) q += 1n;
  return neg ? -q : q;
};
export const money = (f: Fraction) => fromCents(asCents(Number(roundF(f))));
export const meanF = (xs: Fraction[]): Fraction => overF(xs.reduce(plusF, [0n, 1n]), [BigInt(xs.length), 1n]);
export const medianF = (xs: Fraction[]): Fraction => {
  const s = [...xs].sort(compareF);
  const k = s.length;
  return k % 2 ? s[(k - 1) / 2]! : overF(plusF(s[k / 2 - 1]!, s[k / 2]!), [2n, 1n]);
};
/** (men − women) ÷ men × 100, one decimal. */
export const gapF = (men: Fraction, women: Fraction) =>
  Number(roundF(timesF(overF(plusF(men, [-women[0], women[1]]), men), [1000n, 1n]))) / 10;

export interface Year {
  id: number;
  female: boolean;
  /** Annual pay and basic wage, cents. */
  pay: Fraction;
  basic: Fraction;
  hours: Fraction;
  receives: boolean;
}

/** Every day of the year priced on its own; each employed day adds its share. */
export async function model(t: MediumContext, YEAR: number): Promise<Year[]> {
  const years = new Map<number, Year>();
  for (let d = `${YEAR}-01-01`; d < `${YEAR + 1}-01-01`; d = plusDays(d, 1)) {
    const read = await t.services.pricing.priceEmployees({ asOf: d }, {});
    for (const p of read.employees) {
      const e = p.employee;
      const employed = (!e.hireDate || e.hireDate <= d) && (!e.leaveDate || e.leaveDate >= d);
      if (!employed || (e.gender !== 'FEMALE' && e.gender !== 'MALE')) continue;
      const y = years.get(e.id) ?? {
        id: e.id,
        female: e.gender === 'FEMALE',
        pay: [0n, 1n] as Fraction,
        basic: [0n, 1n] as Fraction,
        hours: [0n, 1n] as Fraction,
        receives: false,
      };
      const pay = BigInt(p.calculatedSalary! + (p.benefits ?? 0));
      y.pay = plusF(y.pay, [pay, BigInt(daysInMonthOf(d))]);
      y.basic = plusF(y.basic, [BigInt(p.basicWage!), BigInt(daysInMonthOf(d))]);
      y.hours = plusF(y.hours, [BigInt(hundredthsOfHours(e.weeklyHours)), 700n]);
      if (pay > BigInt(p.basicWage!)) y.receives = true;
      years.set(e.id, y);
    }
  }
  return [...years.values()];
}

/** The report's (a) and (c) on one basis equal the model's, to the cent and the decimal. */
export function expectHeadline(
  figures: Pick<PayReport, 'meanPay' | 'medianPay'>,
  years: Year[],
  value: (y: Year) => Fraction,
) {
  const women = years.filter((y) => y.female).map(value);
  const men = years.filter((y) => !y.female).map(value);
  expect(figures.meanPay).toEqual({
    female: money(meanF(women)),
    male: money(meanF(men)),
    gap: gapF(meanF(men), meanF(women)),
    tooFew: false,
  });
  expect(figures.medianPay).toEqual({
    female: money(medianF(women)),
    male: money(medianF(men)),
    gap: gapF(medianF(men), medianF(women)),
    tooFew: false,
  });
}

/** A year's hourly pay. */
export const hourlyF = (y: Year, k: 'pay' | 'basic'): Fraction => overF(y[k], y.hours);

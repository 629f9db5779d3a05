import { readFileSync } from 'node:fs';
import { asCents, type Cents } from '@salary/shared/common/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  anniversariesBetween,
  asItsFigures,
  type DayFigures,
  owed,
  roundUnits,
  sweep,
} from '../../src/modules/impact/back-pay.calc.ts';
import { daysInMonthOf, plusDays } from '../support/days.ts';

/*
 * The back-pay arithmetic against the plain rule, on random periods (any today: leap Februaries,
 * month and year ends), employees hired, leaving, with anniversaries and versions inside: a
 * pricing that is a function of the day, asked day by day in the model, and only on the
 * change days by `sweep`.
 */

const years = (from: string, to: string) =>
  Math.max(0, Number(to.slice(0, 4)) - Number(from.slice(0, 4)) - (to.slice(5) < from.slice(5) ? 1 : 0));

interface Person {
  id: number;
  hireDate: string | null;
  careerStartDate: string | null;
  leaveDate: string | null;
  /** Versions: from a day, a base in cents. */
  versions: { from: string; base: number }[];
}

/** The figures as of `day`: the version in force, plus years-based parts; `raise` after the write. */
function priceOf(p: Person, day: string, raise: number): DayFigures {
  let base = p.versions[0]!.base;
  for (const v of p.versions) if (v.from <= day) base = v.base;
  const loyalty = p.hireDate ? years(p.hireDate, day) * 1_234 : 0;
  const experience = p.careerStartDate ? years(p.careerStartDate, day) * 777 : 0;
  const gross = base + raise + loyalty + experience;
  return {
    id: p.id,
    gross: asCents(gross),
    cost: asCents(Math.round(gross * 1.17)),
    hireDate: p.hireDate,
    careerStartDate: p.careerStartDate,
    leaveDate: p.leaveDate,
  };
}

const day = (min: number, max: number) => fc.integer({ min, max }).map((n) => plusDays('2000-01-01', n));

const personArb = (id: number) =>
  fc
    .record({
      hire: fc.option(day(4000, 12000), { nil: null }),
      career: fc.option(day(0, 11000), { nil: null }),
      leaveAfter: fc.option(fc.integer({ min: 0, max: 2000 }), { nil: null }),
      base: fc.integer({ min: 100_000, max: 900_000 }),
      versions: fc.array(
        fc.record({ at: day(8000, 11000), base: fc.integer({ min: 100_000, max: 900_000 }) }),
        {
          maxLength: 3,
        },
      ),
    })
    .map(
      (r): Person => ({
        id,
        hireDate: r.hire,
        careerStartDate: r.career,
        leaveDate: r.leaveAfter === null ? null : plusDays(r.hire ?? '2020-01-01', r.leaveAfter),
        versions: [
          { from: '0000-01-01', base: r.base },
          ...r.versions.map((v) => ({ from: v.at, base: v.base })),
        ].sort((a, b) => (a.from < b.from ? -1 : 1)),
      }),
    );

/** The plain rule, one day at a time, as exact fractions. */
function model(people: Person[], from: string, to: string, raise: number) {
  const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
  const result = new Map<number, { gross: number; cost: number }>();
  for (const p of people) {
    let g: [bigint, bigint] = [0n, 1n];
    let c: [bigint, bigint] = [0n, 1n];
    const add = (x: [bigint, bigint], n: number, d: number): [bigint, bigint] => {
      const num = x[0] * BigInt(d) + BigInt(n) * x[1];
      const den = x[1] * BigInt(d);
      const k = gcd(num, den) || 1n;
      return [num / k, den / k];
    };
    for (let d = from; d < to; d = plusDays(d, 1)) {
      const employed = (!p.hireDate || p.hireDate <= d) && (!p.leaveDate || p.leaveDate >= d);
      if (!employed) continue;
      const b = priceOf(p, d, 0);
      const a = priceOf(p, d, raise);
      g = add(g, (a.gross as number) - (b.gross as number), daysInMonthOf(d));
      c = add(c, (a.cost as number) - (b.cost as number), daysInMonthOf(d));
    }
    const round = ([n, d]: [bigint, bigint]) => {
      const neg = n < 0n;
      const m = neg ? -n : n;
      let q = m / d;
      if ((m % d) * 2n >= d) q += 1n;
      return Number(neg ? -q : q);
    };
    result.set(p.id, { gross: round(g), cost: round(c) });
  }
  return result;
}

describe('back pay arithmetic', () => {
  it('equals the day-by-day rule on random periods, pricing only on change days', async () => {
    await fc.assert(
      fc.asyncProperty(
        day(8000, 11000),
        fc.integer({ min: 1, max: 900 }),
        fc
          .array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 4 })
          .chain((xs) => fc.tuple(...xs.map((_, i) => personArb(i + 1)))),
        fc.integer({ min: -50_000, max: 80_000 }),
        async (from, length, people, raise) => {
          const to = plusDays(from, length);
          let asked = 0;
          const pricer = (r: number) => async (d: string, ids?: readonly number[]) => {
            asked++;
            return people.filter((p) => !ids || ids.includes(p.id)).map((p) => priceOf(p, d, r));
          };
          const employeeDays = people.flatMap((p) =>
            p.versions.slice(1).map((v) => ({ day: v.from, id: p.id })),
          );
          const before = await sweep(from, to, { employeeDays }, pricer(0), asItsFigures);
          const after = await sweep(from, to, { employeeDays }, pricer(raise), asItsFigures);
          const got = new Map(owed(before, after).map((o) => [o.id, { gross: o.gross, cost: o.cost }]));
          const expected = model(people, from, to, raise);
          for (const p of people) {
            const e = expected.get(p.id)!;
            expect(got.get(p.id) ?? { gross: 0, cost: 0 }).toEqual(e);
          }
          // Fewer pricings than days, on a long period.
          if (length > 200) expect(asked).toBeLessThan(length * 2);
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);

  it('rounds once, half away from zero', () => {
    expect(roundUnits(377_580n / 2n)).toBe(1 as Cents);
    expect(roundUnits(-377_580n / 2n)).toBe(-1 as Cents);
    expect(roundUnits(377_580n / 2n - 1n)).toBe(0 as Cents);
  });

  it('counts a 29 February hire’s years on 1 March in other years', () => {
    expect(anniversariesBetween('2016-02-29', '2023-01-01', '2024-12-31')).toEqual([
      '2023-03-01',
      '2024-02-29',
    ]);
  });
});

describe('docs/salary-formula.md, "Back pay"', () => {
  it('its worked example is what the arithmetic answers', async () => {
    const doc = readFileSync(new URL('../../../../docs/salary-formula.md', import.meta.url), 'utf8');
    const blocks = [...doc.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => JSON.parse(m[1]!));
    const example = blocks.find((b) => b.backPay)?.backPay;
    expect(example, 'a ```json block with backPay').toBeDefined();
    const side = (figures: { gross: number; cost: number }) =>
      sweep(
        example.effectiveFrom,
        example.today,
        {},
        async (): Promise<DayFigures[]> => [
          {
            id: 1,
            gross: asCents(figures.gross),
            cost: asCents(figures.cost),
            hireDate: example.hireDate,
            careerStartDate: null,
            leaveDate: example.leaveDate,
          },
        ],
        asItsFigures,
      );
    const [result] = owed(await side(example.before), await side(example.after));
    expect({ gross: result!.gross, cost: result!.cost }).toEqual(example.owed);
  });
});

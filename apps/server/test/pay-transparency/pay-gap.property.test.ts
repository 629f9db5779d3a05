import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildPayReport,
  type PayRow,
  quartilesOf,
  roundDiv,
} from '../../src/modules/pay-transparency/pay-gap.calc.ts';
import { payRowsOf, swapWomenAndMen, TOO_FEW_TO_REPORT } from '../support/pay-report.ts';

/*
 * Properties of the pure report (pay-gap.calc.ts) over generated companies: the swap identity of
 * every gap, the quartile split, and that no figure of a small category ever leaves it.
 */

const ctx = (minGroup: number, kind: 'job-grade' | 'grade' = 'job-grade') => ({
  kind,
  minGroup,
  jobNames: new Map([
    [1, 'J1'],
    [2, 'J2'],
    [3, 'J3'],
  ]),
  gradeNames: new Map([
    [1, 'G1'],
    [2, 'G2'],
  ]),
  justifications: new Map(),
  generatedAt: '2026-01-01T00:00:00.000Z',
});

/** Employees with pay 1,000.00–20,000.00 and a basic wage at most their pay. */
const rowsOf = (genders: Array<'FEMALE' | 'MALE' | 'OTHER' | 'UNDISCLOSED'>) =>
  fc
    .array(
      fc.record({
        gender: fc.constantFrom(...genders),
        jobId: fc.integer({ min: 1, max: 3 }),
        gradeId: fc.integer({ min: 1, max: 2 }),
        pay: fc.integer({ min: 100_000, max: 2_000_000 }),
        extra: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 90_000 })),
      }),
      { minLength: 0, maxLength: 60 },
    )
    .map(payRowsOf);

describe('the swap identity', () => {
  it('swapping every woman and man turns each mean or median gap g into −g ÷ (1 − g/100)', () => {
    fc.assert(
      fc.property(rowsOf(['FEMALE', 'MALE', 'OTHER']), (rows) => {
        const before = buildPayReport(rows, ctx(1));
        const after = buildPayReport(swapWomenAndMen(rows), ctx(1));
        for (const key of ['meanPay', 'medianPay', 'meanComplementary', 'medianComplementary'] as const) {
          const g = before[key].gap;
          const swapped = after[key].gap;
          if (g === null) continue;
          expect(swapped, key).not.toBeNull();
          // The identity holds exactly for the unrounded gap, which lies within ±0.05 of g, and
          // f(x) = −x ÷ (1 − x/100) falls as x rises below 100: the swapped gap, itself rounded to
          // ±0.05, lies between f(g + 0.05) and f(g − 0.05). Near 100 that interval is wide (a
          // gap of 99.8 may be 99.75–99.85 and swap to anything from −39,900 to −66,567), so a
          // first-order tolerance is not enough there; with g + 0.05 ≥ 100 it is unbounded below.
          const f = (x: number) => -x / (1 - x / 100);
          const low = g + 0.05 >= 100 ? Number.NEGATIVE_INFINITY : f(g + 0.05);
          const high = f(g - 0.05);
          expect(swapped!, `${key}: g=${g}`).toBeGreaterThanOrEqual(low - 0.05 - 1e-9);
          expect(swapped!, `${key}: g=${g}`).toBeLessThanOrEqual(high + 0.05 + 1e-9);
          // And the women's and men's figures trade places exactly.
          expect([after[key].female, after[key].male]).toEqual([before[key].male, before[key].female]);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('the quartiles', () => {
  it('hold everyone once, sizes differ by at most one, the lower ones take the remainder', () => {
    fc.assert(
      fc.property(rowsOf(['FEMALE', 'MALE']), (rows) => {
        const priced = rows.map((r) => ({ id: r.id, pay: BigInt(r.pay!), female: r.gender === 'FEMALE' }));
        const quartiles = quartilesOf(priced);
        const sizes = quartiles.map((q) => q.size);
        expect(sizes.reduce((a, b) => a + b, 0)).toBe(rows.length);
        expect([...sizes].sort((a, b) => b - a)).toEqual(sizes);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        expect(quartiles.reduce((n, q) => n + q.female, 0)).toBe(priced.filter((p) => p.female).length);
        for (const q of quartiles)
          if (q.size)
            expect(Number(((q.femaleShare ?? 0) + (q.maleShare ?? 0)).toFixed(1))).toBeCloseTo(100, 0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the quartiles, against the rows sorted by pay then id', () => {
  /** The definition, written out: sort, cut into four, count women. */
  const byDefinition = (rows: Array<{ id: number; pay: bigint; female: boolean }>) => {
    const order = [...rows].sort((a, b) => (a.pay < b.pay ? -1 : a.pay > b.pay ? 1 : a.id - b.id));
    const base = Math.floor(order.length / 4);
    let at = 0;
    return [0, 1, 2, 3].map((q) => {
      const size = base + (q < order.length % 4 ? 1 : 0);
      const women = order.slice(at, at + size).filter((r) => r.female).length;
      at += size;
      return women;
    });
  };
  // Few distinct pays, so ties straddle the quartile boundaries; some far beyond 64 bits.
  const pay = fc.oneof(fc.bigInt({ min: 0n, max: 4n }), fc.bigInt({ min: 2n ** 64n, max: 2n ** 64n + 3n }));
  const rows = fc.uniqueArray(
    fc.record({ id: fc.integer({ min: 1, max: 10_000 }), pay, female: fc.boolean() }),
    {
      selector: (r) => r.id,
      maxLength: 60,
    },
  );

  it('count the same women in each quartile, ties split by id', () => {
    fc.assert(
      fc.property(rows, (list) => {
        expect(quartilesOf(list).map((q) => q.female)).toEqual(byDefinition(list));
      }),
      { numRuns: 500 },
    );
  });
});

describe('small groups', () => {
  it('no category figure, and no company-wide mean, is ever one person of a category that is too small', () => {
    fc.assert(
      fc.property(
        rowsOf(['FEMALE', 'MALE', 'UNDISCLOSED']),
        fc.integer({ min: 2, max: 4 }),
        fc.constantFrom('job-grade' as const, 'grade' as const),
        (rows, minGroup, kind) => {
          const report = buildPayReport(rows, ctx(minGroup, kind));
          for (const c of report.categories) {
            if (c.female < minGroup || c.male < minGroup) {
              expect(c).toMatchObject(TOO_FEW_TO_REPORT);
            } else expect(c.tooFew).toBe(false);
          }
          if (report.counts.female < minGroup || report.counts.male < minGroup) {
            expect(report.meanPay).toEqual({ female: null, male: null, gap: null, tooFew: true });
            expect(report.medianPay.tooFew).toBe(true);
            expect(report.complementaryShare.tooFew).toBe(true);
          }
          // Every figure shown is the mean of at least minGroup people of that category, recomputed
          // here from the rows: never one person's pay.
          const keyOf = (r: PayRow) => (kind === 'grade' ? String(r.gradeId) : `${r.jobId}:${r.gradeId}`);
          const meanOf = (pays: number[]) =>
            Number(roundDiv(BigInt(pays.reduce((a, b) => a + b, 0)), BigInt(pays.length))) / 100;
          for (const c of report.categories.filter((x) => !x.tooFew)) {
            const members = rows.filter((r) => keyOf(r) === c.key);
            const women = members.filter((r) => r.gender === 'FEMALE').map((r) => Number(r.pay!));
            const men = members.filter((r) => r.gender === 'MALE').map((r) => Number(r.pay!));
            expect(Math.min(women.length, men.length)).toBeGreaterThanOrEqual(minGroup);
            expect([c.meanPayFemale, c.meanPayMale]).toEqual([meanOf(women), meanOf(men)]);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('rounding', () => {
  it('rounds half away from zero', () => {
    expect([
      roundDiv(5n, 2n),
      roundDiv(-5n, 2n),
      roundDiv(7n, 3n),
      roundDiv(-7n, 3n),
      roundDiv(1n, -2n),
    ]).toEqual([3n, -3n, 2n, -2n, -1n]);
  });
});

import { asCents } from '@salary/shared/common/money';
import type { Gender } from '@salary/shared/employees/employee-fields';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPayReport } from '../../src/modules/pay-transparency/pay-gap.calc.ts';
import {
  buildYearReport,
  type MonthPay,
  reportDutyOf,
  type YearFigures,
  yearSums,
} from '../../src/modules/pay-transparency/pay-year.calc.ts';
import { asItsFigures, sweepSegments } from '../../src/modules/pricing/day-sweep.calc.ts';
import { payRowsOf, swapWomenAndMen } from '../support/pay-report.ts';

/*
 * Properties of the year's report (pay-year.calc.ts) over generated companies, each swept over
 * a real calendar year by the same day sweep the service uses:
 * - nobody joining, leaving or changing and everyone at 40 h: annual pay is 12 × the monthly
 *   pay, and every gap, annual and hourly, is the monthly report's;
 * - swapping every woman and man turns each gap g into −g ÷ (1 − g/100), annual and hourly;
 * - the report duty follows the headcount's step and the 7 June deadlines.
 */

const ctx = (minGroup = 1) => ({
  kind: 'job-grade' as const,
  minGroup,
  jobNames: new Map([
    [1, 'J1'],
    [2, 'J2'],
  ]),
  gradeNames: new Map([
    [1, 'G1'],
    [2, 'G2'],
  ]),
  justifications: new Map(),
  generatedAt: '2026-01-01T00:00:00.000Z',
});

interface Person {
  gender: Gender;
  jobId: number;
  gradeId: number;
  pay: number;
  extra: number;
  hours: number;
  hireDay: number | null;
  leaveDay: number | null;
}

const people = (options: { steady: boolean }) =>
  fc.array(
    fc.record({
      gender: fc.constantFrom<Gender>('FEMALE', 'MALE', 'OTHER'),
      jobId: fc.integer({ min: 1, max: 2 }),
      gradeId: fc.integer({ min: 1, max: 2 }),
      pay: fc.integer({ min: 100_000, max: 2_000_000 }),
      extra: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 90_000 })),
      hours: options.steady ? fc.constant(40) : fc.constantFrom(40, 20, 32.5, 37.25),
      hireDay: options.steady ? fc.constant(null) : fc.option(fc.integer({ min: 0, max: 364 })),
      leaveDay: options.steady ? fc.constant(null) : fc.option(fc.integer({ min: 0, max: 364 })),
    }),
    { minLength: 2, maxLength: 30 },
  );

const YEAR = 2024;
const dayOf = (n: number) => new Date(Date.UTC(YEAR, 0, 1 + n)).toISOString().slice(0, 10);

/** The year's sums of these people, swept over 2024 (a leap year) at constant pay. */
async function sweptYear(list: Person[]) {
  const figures = list.map((p, i): YearFigures & MonthPay => ({
    id: i + 1,
    hireDate: p.hireDay === null ? null : dayOf(p.hireDay),
    careerStartDate: null,
    // A leave day before the hire day is not one: leave it out.
    leaveDate: p.leaveDay === null || (p.hireDay ?? 0) > p.leaveDay ? null : dayOf(p.leaveDay),
    gender: p.gender,
    jobId: p.jobId,
    positionId: p.jobId * 10,
    gradeId: p.gradeId,
    pay: asCents(p.pay + p.extra),
    basic: asCents(p.pay),
    weeklyHours: p.hours,
  }));
  const sums = yearSums<YearFigures>();
  await sweepSegments(`${YEAR}-01-01`, `${YEAR + 1}-01-01`, {}, async () => figures, sums.add, asItsFigures);
  return sums.sums;
}

const KEYS = ['meanPay', 'medianPay', 'meanComplementary', 'medianComplementary'] as const;

describe('a year in which nothing changes', () => {
  it('has annual pay 12 × monthly and the monthly gaps, annual and hourly', async () => {
    await fc.assert(
      fc.asyncProperty(people({ steady: true }), async (list) => {
        const sums = await sweptYear(list);
        for (const [id, s] of sums) {
          const p = list[id - 1]!;
          // 1/DAY_UNITS cent: 12 months of DAY_UNITS each.
          expect(s.pay).toBe(12n * 377_580n * BigInt(p.pay + p.extra));
          expect(s.days).toBe(366);
        }
        const month = buildPayReport(payRowsOf(list), ctx());
        const year = buildYearReport(sums, ctx());
        for (const key of KEYS) {
          expect(year[key].gap, key).toBe(month[key].gap);
          // Hourly pay is kept to a billionth of a cent: a gap can differ from the exact one by
          // one step of 0.1 where that lies within a hair of a rounding boundary, and by a share
          // of itself where one side's hourly figure is a fraction of a cent (a man's 2 cents of
          // complementary pay a month against a woman's $411.77: −2,058,750.2 % an hour against
          // −2,058,750 % a month). A millionth of the gap bounds the second for any 1 cent.
          const hourly = year.hourly![key].gap;
          const exact = month[key].gap;
          if (exact === null) expect(hourly).toBeNull();
          else expect(Math.abs(hourly! - exact)).toBeLessThanOrEqual(0.1 + 1e-6 * Math.abs(exact) + 1e-9);
        }
        expect(year.complementaryShare).toEqual(month.complementaryShare);
        expect(year.counts).toEqual(month.counts);
      }),
      {
        numRuns: 60,
        // Found by a run: a complementary gap of millions of per cent.
        examples: [
          [
            [
              {
                gender: 'FEMALE',
                jobId: 1,
                gradeId: 1,
                pay: 100_000,
                extra: 41_177,
                hours: 40,
                hireDay: null,
                leaveDay: null,
              },
              {
                gender: 'FEMALE',
                jobId: 1,
                gradeId: 1,
                pay: 100_000,
                extra: 0,
                hours: 40,
                hireDay: null,
                leaveDay: null,
              },
              {
                gender: 'MALE',
                jobId: 1,
                gradeId: 1,
                pay: 1_970_658,
                extra: 2,
                hours: 40,
                hireDay: null,
                leaveDay: null,
              },
            ],
          ],
        ],
      },
    );
  });
});

describe('the swap identity over a year', () => {
  it('turns each annual and hourly gap g into −g ÷ (1 − g/100), with joiners, leavers and part-timers', async () => {
    const f = (x: number) => -x / (1 - x / 100);
    await fc.assert(
      fc.asyncProperty(people({ steady: false }), async (list) => {
        const before = buildYearReport(await sweptYear(list), ctx());
        const after = buildYearReport(await sweptYear(swapWomenAndMen(list)), ctx());
        for (const [basis, b, a] of [
          ['annual', before, after],
          ['hourly', before.hourly!, after.hourly!],
        ] as const) {
          for (const key of KEYS) {
            const g = b[key].gap;
            if (g === null) continue;
            const swapped = a[key].gap;
            expect(swapped, `${basis} ${key}`).not.toBeNull();
            // As in the monthly property: the unrounded gap lies within ±0.05 of g.
            const low = g + 0.05 >= 100 ? Number.NEGATIVE_INFINITY : f(g + 0.05);
            const high = f(g - 0.05);
            expect(swapped!, `${basis} ${key}: g=${g}`).toBeGreaterThanOrEqual(low - 0.05 - 1e-9);
            expect(swapped!, `${basis} ${key}: g=${g}`).toBeLessThanOrEqual(high + 0.05 + 1e-9);
            expect([a[key].female, a[key].male]).toEqual([b[key].male, b[key].female]);
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('the report duty', () => {
  it.each([
    // headcount, year, today → every, next report (year, due by)
    [99, 2026, '2026-11-27', null, null],
    [250, 2026, '2026-11-27', 'year', [2026, '2027-06-07']],
    [250, 2026, '2027-06-08', 'year', [2027, '2028-06-07']],
    [198, 2026, '2026-11-27', 'three years', [2026, '2027-06-07']],
    [198, 2027, '2027-07-01', 'three years', [2029, '2030-06-07']],
    [120, 2026, '2026-11-27', 'three years', [2030, '2031-06-07']],
    [120, 2031, '2031-06-08', 'three years', [2033, '2034-06-07']],
    [400, 2025, '2026-01-10', 'year', [2026, '2027-06-07']],
  ] as const)('%i workers in %i, seen on %s: every %s', (headcount, year, today, every, next) => {
    const duty = reportDutyOf(headcount, year, today, 2026);
    expect(duty.every).toBe(every);
    expect(duty.next).toEqual(next === null ? null : { year: next[0], dueBy: next[1] });
    expect(duty.countedOn).toBe(`${year}-12-31`);
    expect(duty.text).toContain(`${headcount} workers on 31 December ${year}`);
  });
});

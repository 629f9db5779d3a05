import { toCents } from '@salary/shared/common/money';
import type { EmployeeInput } from '@salary/shared/employees/employee.contract';
import type { PayReport } from '@salary/shared/pay-transparency/pay-transparency.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMediumServices, type MediumContext } from '../support/medium.ts';
import { compareF, expectHeadline, gapF, hourlyF, meanF, model } from '../support/pay-year-model.ts';

/*
 * The pay report for the calendar year 2024 (a leap year) against an independent model
 * (support/pay-year-model.ts: every day of the year priced on its own, exact fractions).
 *
 * The company (minimum group 1, so every figure shows), one job, base salary 4,000.00 a month on
 * grade Base and 6,000.00 on grade Senior, raised to 6,600.00 from 1 November 2024 (a dated rule
 * change), and a third grade's raised from 1 April 2024, which moves nobody's pay (the settings'
 * defaults: pay = the base salary):
 *   Ada    F  all year, 40 h, promoted to Senior from 1 July 2024 (a dated change)
 *   Joan   F  joins 15 March 2024, 40 h
 *   Paula  F  all year, part time at 20 h
 *   Mark   M  all year, 40 h
 *   Mike   M  all year, 40 h (the same pay and hours as Mark: a tie in the quartiles)
 *   Leon   M  leaves 20 October 2024, 40 h
 *   Fred   M  hired in 2025: not counted        Gail  F  left in 2023: not counted
 *
 * Annual pay, by hand (2024: 366 days; a day is its month's pay ÷ the days of its month):
 *   Mark, Mike, Paula: 12 × 4,000.00                                   = 48,000.00
 *   Ada: 6 months at 4,000.00 + 4 at 6,000.00 + 2 at 6,600.00          = 61,200.00
 *   Joan: 17 of March's 31 days + 9 months: 4,000 × (17/31 + 9)        = 38,193.548… → 38,193.55
 *   Leon: 9 months + 20 of October's 31 days: 4,000 × (9 + 20/31)      = 38,580.645… → 38,580.65
 * Hours (weekly hours × days employed ÷ 7):
 *   40 h all year: 40 × 366 / 7 = 2,091.43 h; Paula 20 h: 1,045.71 h
 *   Joan (292 days from 15 March): 40 × 292 / 7 = 1,668.57 h; Leon (294 days to 20 Oct): 1,680 h
 * Hourly pay: Mark, Mike 48,000 ÷ 2,091.43 = 22.95; Ada 29.26; Paula 45.90; Joan 22.89; Leon 22.96
 * Means (annual): women (61,200 + 38,193.548 + 48,000) / 3 = 49,131.18; men (48,000 × 2 +
 *   38,580.645) / 3 = 44,860.22; gap (44,860.22 − 49,131.18) / 44,860.22 = −9.5%.
 * Means (hourly): women (29.2623 + 22.8900 + 45.9016) / 3 = 32.68; men (22.9508 × 2 + 22.9647) / 3
 *   = 22.96; gap −42.4%: part-time Paula is paid a full-time month for half the hours.
 * Quartiles (hourly, ties by id, six people: sizes 2, 2, 1, 1): Joan, Mark | Mike, Leon | Ada | Paula.
 */

let t: MediumContext;
let report: PayReport;
const YEAR = 2024;

const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildMediumServices({ payReportMinGroup: 1 });
  const c = await t.newCompany(4000);
  const senior = await t.newGrade('Senior', 90);
  const seniorBase = await t.newBaseSalary(senior.id, c.level.id, 6000);
  const other = await t.newGrade('Other', 95);
  const otherBase = await t.newBaseSalary(other.id, c.level.id, 7000);
  const of = (input: Partial<EmployeeInput>) => t.newEmployeeOf(c, input);
  ids.ada = await of({ name: 'Ada', gender: 'FEMALE', hireDate: '2015-01-01' });
  ids.joan = await of({ name: 'Joan', gender: 'FEMALE', hireDate: '2024-03-15' });
  ids.paula = await of({ name: 'Paula', gender: 'FEMALE', hireDate: '2019-05-01', weeklyHours: 20 });
  ids.mark = await of({ name: 'Mark', gender: 'MALE', hireDate: '2018-01-01' });
  ids.mike = await of({ name: 'Mike', gender: 'MALE', hireDate: '2018-01-01' });
  ids.leon = await of({ name: 'Leon', gender: 'MALE', hireDate: '2018-01-01', leaveDate: '2024-10-20' });
  ids.fred = await of({ name: 'Fred', gender: 'MALE', hireDate: '2025-02-01' });
  ids.gail = await of({ name: 'Gail', gender: 'FEMALE', hireDate: '2016-01-01', leaveDate: '2023-12-31' });
  const [ada] = (await t.services.pricing.priceEmployees({ id: ids.ada }, {})).employees;
  const e = ada!.employee;
  await t.asActor(t.admin, (s, uow) =>
    s.employees.update(uow, t.admin, ids.ada!, { ...e, gradeId: senior.id }, undefined, '2024-07-01'),
  );
  const raise = (base: { id: number; gradeId: number; levelId: number }, amount: number, day: string) =>
    t.asActor(t.admin, { effectiveFrom: day }, (s, uow) =>
      s.baseSalaries.update(uow, t.admin, base.id, {
        gradeId: base.gradeId,
        levelId: base.levelId,
        amount: toCents(amount),
      }),
    );
  await raise(seniorBase, 6600, '2024-11-01');
  await raise(otherBase, 7700, '2024-04-01');
  report = await t.services.payTransparency.yearReport(t.admin, 'grade', YEAR);
});
afterAll(async () => t.close());

describe('the pay report for a year', () => {
  it('counts everyone employed on a day of the year, joiners and leavers for their days', () => {
    expect(report.period).toEqual({
      year: YEAR,
      from: '2024-01-01',
      to: '2024-12-31',
      toDate: false,
      joined: 1,
      left: 1,
    });
    expect(report.counts).toMatchObject({ female: 3, male: 3, total: 6, unpriced: 0 });
    expect(report.reportDuty).toMatchObject({
      headcount: 5,
      countedOn: '2024-12-31',
      every: null,
      next: null,
    });
  });

  it('gives the figures worked out by hand in this file', () => {
    expect(report.meanPay).toEqual({ female: 49_131.18, male: 44_860.22, gap: -9.5, tooFew: false });
    expect(report.hourly?.meanPay).toMatchObject({ female: 32.68, male: 22.96, gap: -42.4 });
    // Median annual: women 48,000.00 (Paula), men 48,000.00 (Mark, Mike).
    expect(report.medianPay).toMatchObject({ female: 48_000, male: 48_000, gap: 0 });
    const order = report.quartiles.map((q) => [q.size, q.female, q.male]);
    expect(order).toEqual([
      [2, 1, 1],
      [2, 0, 2],
      [1, 1, 0],
      [1, 1, 0],
    ]);
  });

  it('equals the day-by-day model on annual and on hourly pay, to the cent and the decimal', async () => {
    const years = await model(t, YEAR);
    expect(years.map((y) => y.id).sort((a, b) => a - b)).toEqual(
      [ids.ada, ids.joan, ids.paula, ids.mark, ids.mike, ids.leon].sort((a, b) => a! - b!),
    );
    const hourly = hourlyF;
    expectHeadline(report, years, (y) => y.pay);
    expectHeadline(report.hourly!, years, (y) => hourly(y, 'pay'));
    // Complementary components: nobody receives any (pay = the basic wage here).
    expect(years.some((y) => y.receives)).toBe(false);
    expect(report.complementaryShare).toEqual({ female: 0, male: 0, tooFew: false });
    // The quartiles by the model's hourly pay, ties by id.
    const order = [...years].sort((a, b) => compareF(hourly(a, 'pay'), hourly(b, 'pay')) || a.id - b.id);
    expect(order.map((y) => y.id)).toEqual([ids.joan, ids.mark, ids.mike, ids.leon, ids.ada, ids.paula]);
    // The one category (grade, as last employed: Ada in Senior, the rest in Base).
    const base = report.categories.find((c) => c.female === 2)!;
    const inBase = years.filter((y) => y.id !== ids.ada);
    const f = inBase.filter((y) => y.female);
    const m = inBase.filter((y) => !y.female);
    expect(base.hourly?.payGap).toBe(
      gapF(meanF(m.map((y) => hourly(y, 'pay'))), meanF(f.map((y) => hourly(y, 'pay')))),
    );
    expect(base.payGap).toBe(gapF(meanF(m.map((y) => y.pay)), meanF(f.map((y) => y.pay))));
    // Flagged by the hourly gap, either way (women paid more here).
    expect(base.flagged).toBe(Math.abs(base.hourly!.payGap!) >= 5);
  });

  it("gives Joan's statement for the year: her days, annual and hourly, and her category's means", async () => {
    const statement = await t.services.payTransparency.yearStatement(t.admin, ids.joan!, 'grade', YEAR);
    expect(statement.period).toEqual({
      year: YEAR,
      from: '2024-01-01',
      to: '2024-12-31',
      toDate: false,
      daysEmployed: 292,
    });
    expect([statement.pay, statement.basicWage, statement.complementary]).toEqual([38_193.55, 38_193.55, 0]);
    expect(statement.hourly).toEqual({ pay: 22.89, basicWage: 22.89, complementary: 0, hours: 1668.57 });
    // Base: women Joan and Paula (38,193.548 + 48,000) / 2 = 43,096.77 a year, (22.8896 +
    // 45.9016) / 2 = 34.40 an hour; men Mark, Mike and Leon as in the report.
    expect(statement.category).toMatchObject({
      tooFew: false,
      meanPayFemale: 43_096.77,
      meanPayMale: 44_860.22,
      hourly: { meanPayFemale: 34.4, meanPayMale: 22.96 },
    });
  });

  it('refuses a statement for a year the worker was not employed in, and for nobody', async () => {
    await expect(
      t.services.payTransparency.yearStatement(t.admin, ids.fred!, 'grade', YEAR),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'Fred was not employed in 2024',
    });
    await expect(
      t.services.payTransparency.yearStatement(t.admin, 999_999, 'grade', YEAR),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('leaves the report as of a day as it was: no year, no hourly figures', async () => {
    const today = await t.services.payTransparency.report(t.admin, 'grade');
    expect(today.period).toBeUndefined();
    expect(today.hourly).toBeUndefined();
    expect(today.counts.total).toBe(6);
  });
});

import { toCents } from '@salary/shared/common/money';
import type { EmployeeInput } from '@salary/shared/employees/employee.contract';
import type { PayReport } from '@salary/shared/pay-transparency/pay-transparency.contract';
import { updateSettingsBody } from '@salary/shared/settings/settings.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMediumServices, type MediumContext } from '../support/medium.ts';
import { expectHeadline, hourlyF, model } from '../support/pay-year-model.ts';

/*
 * The year's report where every kind of day moves pay: years of experience and with the company
 * count (multipliers per year), so each hire and career anniversary raises pay — one hired on
 * 29 February, whose years grow on 1 March in other years, and one whose anniversaries fall on
 * the days rules change; a joiner, a leaver, one of each on a rule's day, a version inside
 * the year (a move to part time; a move to remote on the day a rule changes), base salary and
 * settings changes dated inside it. The report
 * prices only the days a figure can move, and between them re-derives the years itself; the
 * model prices every day from the database. Both must agree on every figure.
 */

let t: MediumContext;
let report: PayReport;
const YEAR = 2024;

beforeAll(async () => {
  t = await buildMediumServices({ payReportMinGroup: 1 });
  const c = await t.newCompany(4000);
  await t.setSettings({ experienceMultiplier: 1.5, loyaltyMultiplier: 2, remoteMultiplier: 3 });
  const of = (input: Partial<EmployeeInput>) => t.newEmployeeOf(c, input);
  const women = [
    { name: 'Leap Day', hireDate: '2016-02-29', careerStartDate: '2012-07-31' },
    { name: 'Joiner', hireDate: '2024-06-17', careerStartDate: '2019-12-31' },
    { name: 'Remote', hireDate: '2010-12-01', remote: true, weeklyHours: 32 },
    // Hired on a rule's day, and gone on one (last day 30 April, the base salary moves 1 May).
    { name: 'Rule Day Joiner', hireDate: '2024-10-01', careerStartDate: '2020-03-15' },
    { name: 'Rule Day Leaver', hireDate: '2012-06-06', leaveDate: '2024-04-30' },
  ];
  const men = [
    { name: 'Leaver', hireDate: '2014-03-31', leaveDate: '2024-08-31', careerStartDate: '2010-01-15' },
    { name: 'Typed', yearsExperience: 7, yearsWithCompany: 3 },
    { name: 'Part Timer', hireDate: '2020-09-30', careerStartDate: '2020-09-30' },
    // Both anniversaries on a rule's day (1 May: the base salary; 1 October: the settings).
    { name: 'Same Day', hireDate: '2015-10-01', careerStartDate: '2011-05-01' },
  ];
  for (const w of women) await of({ ...w, gender: 'FEMALE' });
  const ids: number[] = [];
  for (const m of men) ids.push(await of({ ...m, gender: 'MALE' }));
  // The part-timer moves to 24 h from 1 August 2024 (a version inside the year).
  const [p] = (await t.services.pricing.priceEmployees({ id: ids[2]! }, {})).employees;
  await t.asActor(t.admin, (s, uow) =>
    s.employees.update(uow, t.admin, ids[2]!, { ...p!.employee, weeklyHours: 24 }, undefined, '2024-08-01'),
  );
  // Typed goes remote from 1 May 2024: a version on the very day a rule changes.
  const [typed] = (await t.services.pricing.priceEmployees({ id: ids[1]! }, {})).employees;
  await t.asActor(t.admin, (s, uow) =>
    s.employees.update(uow, t.admin, ids[1]!, { ...typed!.employee, remote: true }, undefined, '2024-05-01'),
  );
  // The base salary raised from 1 May 2024; the settings' loyalty multiplier from 1 October.
  await t.asActor(t.admin, { effectiveFrom: '2024-05-01' }, (s, uow) =>
    s.baseSalaries.update(uow, t.admin, c.baseSalary.id, {
      gradeId: c.grade.id,
      levelId: c.level.id,
      amount: toCents(4321.09),
    }),
  );
  const { updatedAt: _u, ...settings } = (await t.services.settings.get(t.admin)) as Record<string, unknown>;
  const input = updateSettingsBody.parse({ ...settings, loyaltyMultiplier: 2.5 });
  await t.asActor(t.admin, { effectiveFrom: '2024-10-01' }, (s, uow) =>
    s.settings.update(uow, t.admin, input),
  );
  report = await t.services.payTransparency.yearReport(t.admin, 'grade', YEAR);
});
afterAll(async () => t.close());

describe('the year, where anniversaries, versions and dated rules all move pay', () => {
  it('equals the day-by-day model on annual and hourly pay', async () => {
    const years = await model(t, YEAR);
    expect(years).toHaveLength(9);
    expect(report.counts).toMatchObject({ female: 5, male: 4, unpriced: 0 });
    expectHeadline(report, years, (y) => y.pay);
    expectHeadline(report.hourly!, years, (y) => hourlyF(y, 'pay'));
    expectHeadline(
      { meanPay: report.meanComplementary, medianPay: report.medianComplementary },
      years,
      (y) => [y.pay[0] * y.basic[1] - y.basic[0] * y.pay[1], y.pay[1] * y.basic[1]],
    );
  });
});

import { addDays, todayIn } from '@salary/shared/common/calendar-day';
import { toCents } from '@salary/shared/common/money';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDemoSeed } from '../../src/seed/demo.ts';
import { DEMO_CALENDAR } from '../../src/seed/demo-data.ts';
import { buildMediumServices, listFilters, type MediumContext } from '../support/medium.ts';

/*
 * Pay as of a day on the demo company (its leavers, its scheduled and backdated promotions):
 * the Pay Overview and the pay gap report as of a day count exactly the employees the directory
 * lists as active that day, priced as it prices them. The routes: pay-as-of.routes.test.ts.
 */

let t: MediumContext;
let today = '';
beforeAll(async () => {
  t = await buildMediumServices();
  await runDemoSeed(t.database.db);
  today = todayIn('UTC');
});
afterAll(async () => t.close());

/** The directory as of `day`: its active employees (the default status). */
const listOn = (day: string): Promise<EmployeeView[]> =>
  t.services.employees.list(t.admin, listFilters(''), day);

const [recent, earlier] = DEMO_CALENDAR.leavers.map((l) => l.daysAgo).sort((a, b) => a - b);
const days = () => ({
  today,
  'before both leavers left': addDays(today, -earlier! - 1),
  'between the two leave days': addDays(today, -recent! - 1),
  'the 1st of next month (the scheduled promotion)': `${addDays(`${today.slice(0, 8)}01`, 32).slice(0, 8)}01`,
});

describe('the Pay Overview as of a day', () => {
  const named = [
    'today',
    'before both leavers left',
    'between the two leave days',
    'the 1st of next month (the scheduled promotion)',
  ] as const;
  for (const what of named) {
    it(`equals sums computed from the directory as of that day (${what})`, async () => {
      const day = days()[what];
      const rows = await listOn(day);
      const data = await t.services.insights.overview(t.admin, listFilters(''), day);
      expect(data.headcount).toBe(rows.length);
      const priced = rows.filter((r) => r.calculatedSalary !== null);
      expect(toCents(data.payroll)).toBe(priced.reduce((sum, r) => sum + toCents(r.calculatedSalary!), 0));
      expect(toCents(data.totalCost!)).toBe(priced.reduce((sum, r) => sum + toCents(r.accumulatedCost!), 0));
    });
  }
});

describe('the pay gap report as of a day', () => {
  it('counts the women and the men the directory lists as active that day', async () => {
    for (const day of Object.values(days())) {
      const rows = await listOn(day);
      const report = await t.services.payTransparency.report(t.admin, 'job-grade', day);
      expect(report.counts.total, day).toBe(rows.length);
      expect(report.counts.female, day).toBe(rows.filter((r) => r.gender === 'FEMALE').length);
      expect(report.counts.male, day).toBe(rows.filter((r) => r.gender === 'MALE').length);
    }
  });
});

import { toCents } from '@salary/shared/common/money';
import { payReportQuery } from '@salary/shared/pay-transparency/pay-transparency.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDemoSeed } from '../../src/seed/demo.ts';
import { buildMediumServices, listFilters, type MediumContext } from '../support/medium.ts';

/*
 * The pay gap report's figures on the demo company, from the services (pay-transparency.service.ts);
 * its route is tested in pay-transparency.routes.test.ts.
 */

let t: MediumContext;
beforeAll(async () => {
  t = await buildMediumServices();
  await runDemoSeed(t.database.db);
});
afterAll(async () => t.close());

describe('the demo company on the pay transparency report', () => {
  it('has women, men and the others, and at least one flagged category listed first', async () => {
    for (const category of ['job-grade', 'grade'] as const) {
      const report = await t.services.payTransparency.report(t.admin, category);
      const { counts } = report;
      expect(counts.female).toBeGreaterThan(50);
      expect(counts.male).toBeGreaterThan(50);
      expect(counts.other + counts.undisclosed).toBeGreaterThan(0);
      // Employed today: the demo's two leavers do not count.
      expect(counts.total).toBe(198);
      if (category === 'job-grade') {
        expect(report.categories[0]!.flagged).toBe(true);
        expect(report.categories.some((c) => c.tooFew)).toBe(true);
      }
    }
  });

  it("equals the figures recomputed from the directory's own list", async () => {
    // The report counts those employed today, as the directory lists them by default.
    const list = await t.services.employees.list(t.admin, listFilters(''));
    const settings = (await t.services.settings.get(t.admin)) as unknown as {
      benefits: Array<{ amount: number; type: string }>;
    };
    // Pay = gross + benefits: fixed amounts, and percentages of gross rounded half away from zero.
    const payCents = (gross: number) => {
      const g = toCents(gross);
      let pay: number = g;
      for (const b of settings.benefits)
        pay += b.type === 'FIXED_AMOUNT' ? toCents(b.amount) : Math.round((g * b.amount) / 100);
      return pay;
    };
    const pays = (gender: string) =>
      list
        .filter((e) => e.gender === gender && e.calculatedSalary !== null)
        .map((e) => payCents(e.calculatedSalary!));
    const women = pays('FEMALE');
    const men = pays('MALE');
    const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) / 100;
    // GET /api/pay-transparency without ?category= reports its default.
    const report = await t.services.payTransparency.report(t.admin, payReportQuery.parse({}).category);
    expect(report.counts.female).toBe(women.length);
    expect(report.counts.male).toBe(men.length);
    expect(report.meanPay.female).toBe(mean(women));
    expect(report.meanPay.male).toBe(mean(men));
    const mw = women.reduce((a, b) => a + b, 0) / women.length;
    const mm = men.reduce((a, b) => a + b, 0) / men.length;
    expect(report.meanPay.gap).toBeCloseTo(Math.round(((mm - mw) / mm) * 1000) / 10, 5);
    // Each reported category's means, from the same list.
    for (const c of report.categories.filter((x) => !x.tooFew)) {
      const [jobId, gradeId] = c.key.split(':').map(Number);
      const inCategory = (gender: string) =>
        list
          .filter((e) => e.technologyId === jobId && e.gradeId === gradeId && e.gender === gender)
          .map((e) => payCents(e.calculatedSalary!));
      expect([c.meanPayFemale, c.meanPayMale], c.name).toEqual([
        mean(inCategory('FEMALE')),
        mean(inCategory('MALE')),
      ]);
    }
  });
});

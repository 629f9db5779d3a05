import { toCents } from '@salary/shared/common/money';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import type { Insights } from '@salary/shared/insights/insights.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMediumServices, listFilters, type MediumContext } from '../support/medium.ts';
import { overviewCompany } from '../support/twin-setups.ts';

/*
 * The Pay Overview's figures (insights.service.ts) equal sums computed from the employee list
 * with the same filters. Its route — permissions, refusals, the cost figures a user without
 * showCost never gets — is tested in insights.routes.test.ts.
 */

let t: MediumContext;
const ids = { job: 0, grade: 0, level: 0 };

beforeAll(async () => {
  t = await buildMediumServices();
  Object.assign(ids, await overviewCompany(t));
});
afterAll(async () => t.close());

const list = (query: string): Promise<EmployeeView[]> =>
  t.services.employees.list(t.admin, listFilters(query));

const insights = (query: string): Promise<Insights> =>
  t.services.insights.overview(t.admin, listFilters(query));

function medianCents(values: number[]) {
  const s = values.map((v) => toCents(v)).sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : Math.round((s[m - 1]! + s[m]!) / 2);
}

describe('the Pay Overview figures', () => {
  const queries: Array<[string, () => string]> = [
    ['whole company', () => ''],
    ['a technology', () => `technologyId=${ids.job}`],
    ['a name search', () => 'name=muller'],
    ['a salary range', () => 'salaryFrom=3200&salaryTo=7000'],
    ['a grade and a level', () => `levelId=${ids.level}&gradeId=${ids.grade}`],
  ];
  for (const [what, queryOf] of queries) {
    it(`equals sums computed from the list (${what})`, async () => {
      const query = queryOf();
      const rows = await list(query);
      const everyone = await list('');
      expect(rows.length).toBeGreaterThan(0);
      if (query) expect(rows.length).toBeLessThan(everyone.length);
      const data = await insights(query);
      const priced = rows.filter((r) => r.calculatedSalary !== null);
      expect(data.headcount).toBe(rows.length);
      expect(data.unpriced).toBe(rows.length - priced.length);
      const payroll = priced.reduce((sum, r) => sum + toCents(r.calculatedSalary!), 0);
      expect(toCents(data.payroll)).toBe(payroll);
      expect(toCents(data.totalCost!)).toBe(priced.reduce((sum, r) => sum + toCents(r.accumulatedCost!), 0));
      if (priced.length) {
        expect(toCents(data.averageSalary!)).toBe(Math.round(payroll / priced.length));
        expect(toCents(data.medianSalary!)).toBe(medianCents(priced.map((r) => r.calculatedSalary!)));
      } else expect(data.medianSalary).toBeNull();

      for (const cell of data.byGradeLevel) {
        const inCell = priced.filter((r) => r.gradeId === cell.gradeId && r.levelId === cell.levelId);
        const s = inCell.map((r) => r.calculatedSalary!);
        expect(cell.count).toBe(inCell.length);
        expect(cell.min).toBe(Math.min(...s));
        expect(cell.max).toBe(Math.max(...s));
        expect(toCents(cell.median)).toBe(medianCents(s));
      }
      expect(data.byGradeLevel.reduce((n, c) => n + c.count, 0)).toBe(priced.length);

      for (const job of data.byJob) {
        const ofJob = rows.filter((r) => r.technologyId === job.jobId);
        expect(job.count).toBe(ofJob.length);
        const pricedOfJob = ofJob.filter((r) => r.calculatedSalary !== null);
        expect(toCents(job.salary)).toBe(pricedOfJob.reduce((n, r) => n + toCents(r.calculatedSalary!), 0));
        expect(toCents(job.totalCost!)).toBe(
          pricedOfJob.reduce((n, r) => n + toCents(r.accumulatedCost!), 0),
        );
        expect(toCents(job.salary) + toCents(job.benefits!) + toCents(job.insurance!)).toBe(
          toCents(job.totalCost!),
        );
      }
      expect(data.byJob.reduce((n, j) => n + j.count, 0)).toBe(rows.length);

      expect(data.distribution.reduce((n, b) => n + b.count, 0)).toBe(priced.length);
      for (const r of priced) {
        const s = r.calculatedSalary!;
        const bar = data.distribution.findIndex(
          (b, i) => s >= b.from && (s < b.to || i === data.distribution.length - 1),
        );
        expect(bar, `salary ${s} falls in a bar`).toBeGreaterThanOrEqual(0);
      }
    });
  }

  it('orders the heat map by grade order and finds names without accents or case', async () => {
    const data = await insights('');
    expect(data.grades.map((g) => g.name)).toEqual(['Junior', 'Senior']);
    expect(data.byGradeLevel[0]!.grade).toBe('Junior');
    const muller = await insights('name=MULLER');
    expect(muller.headcount).toBe(5);
    const oster = await insights('name=ostergaard');
    expect(oster.headcount).toBe(5);
  });
});

import type { Insights } from '@salary/shared/insights/insights.contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBenefit } from '../support/factories.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import { keysOf } from '../support/json-keys.ts';

/*
 * GET /api/insights: bad filters refused, salary data only with showSalary, and cost figures
 * never reach a user without showCost. Its figures against the list: insights-figures.test.ts.
 */

let t: TestContext;
const ids = { job: 0, grade: 0, level: 0 };

beforeAll(async () => {
  t = await buildTestApp();
  const jobs = [await t.newJob('Engineering'), await t.newJob('Design')];
  const positions = [await t.newPosition(jobs[0]!.id, 'Backend'), await t.newPosition(jobs[1]!.id, 'UX')];
  // Created out of order: the heat map follows the grades' order, not their ids.
  const senior = await t.newGrade('Senior', 2);
  const junior = await t.newGrade('Junior', 1);
  const levels = [await t.newLevel('L1'), await t.newLevel('L2')];
  await t.newBaseSalary(junior.id, levels[0]!.id, 3000);
  await t.newBaseSalary(junior.id, levels[1]!.id, 3500.55);
  await t.newBaseSalary(senior.id, levels[0]!.id, 6000);
  // senior × L2 has no base salary: those employees are counted but not priced.
  await t.newFactor(jobs[0]!.id, positions[0]!.id, 'PERCENTAGE', 0.1);
  await t.setSettings({
    experienceMultiplier: 1.5,
    loyaltyMultiplier: 25,
    loyaltyMultiplierType: 'FIXED',
    benefits: [newBenefit({ amount: 120 }), newBenefit({ name: 'Meal', amount: 2.5, type: 'PERCENTAGE' })],
    socialInsuranceEnabled: true,
    socialInsuranceType: 'COMPANY_PERCENTAGE',
    totalInsurancePercentage: 14,
    companyInsurancePercentage: 60,
  });
  const grades = [junior, senior];
  Object.assign(ids, { job: jobs[0]!.id, grade: senior.id, level: levels[0]!.id });
  const names = ['Ana Müller', 'Bo Chen', 'Chloé Durand', 'Dmitri Ivanov', 'Eve Adams', 'Frank Østergaard'];
  for (let i = 0; i < 30; i++) {
    const j = i % 2;
    await t.newEmployee({
      name: `${names[i % names.length]} ${i}`,
      jobId: jobs[j]!.id,
      positionId: positions[j]!.id,
      gradeId: grades[i % 3 === 0 ? 1 : 0]!.id,
      levelId: levels[i % 4 === 3 ? 1 : 0]!.id,
      yearsExperience: i % 7,
      yearsWithCompany: (i * 3) % 5,
      remote: i % 5 === 0,
    });
  }
});
afterAll(async () => t.close());

async function insights(query: string, token = t.adminToken) {
  return t.call<Insights>({ method: 'GET', url: `/api/insights?${query}`, token });
}

describe('GET /api/insights', () => {
  it('refuses bad filters with a clear message and salary data without showSalary', async () => {
    const bad = await insights('salaryFrom=9000&salaryTo=10');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Salary From cannot be greater than Salary To');
    const plain = await t.createUser({ showCost: true, manageEmployee: true, showSettings: true });
    const refused = await insights('', plain.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toMatch(/payroll|median/);
    const download = await t.call({
      method: 'GET',
      url: '/api/insights/export/headline',
      token: plain.token,
    });
    expect(download.statusCode).toBe(403);
  });
});

async function sheetOf(token: string, chart: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/insights/export/${chart}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return res;
}

describe('permission sets (every combination of the four read flags)', () => {
  const flags = ['showSalary', 'showCost', 'manageEmployee', 'showSettings'] as const;
  for (let mask = 0; mask < 16; mask++) {
    const perms = Object.fromEntries(flags.map((f, i) => [f, Boolean(mask & (1 << i))]));
    it(JSON.stringify(perms), async () => {
      const user = await t.createUser(perms);
      const res = await insights('', user.token);
      const admin = (await insights('')).envelope.data;
      if (!perms.showSalary) {
        expect(res.statusCode).toBe(403);
        expect((await sheetOf(user.token, 'job-cost')).statusCode).toBe(403);
        return;
      }
      expect(res.statusCode, res.body).toBe(200);
      const keys = keysOf(res.envelope.data);
      const costKeys = ['totalCost', 'benefits', 'insurance'];
      const download = await sheetOf(user.token, 'job-cost');
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toContain('pay_overview_job_cost.xlsx');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
      const header = (book.worksheets[0]!.getRow(1).values as unknown[]).filter(Boolean);
      if (perms.showCost) {
        for (const k of costKeys) expect(keys).toContain(k);
        expect(res.envelope.data.totalCost).toBe(admin.totalCost);
        expect(header).toEqual(['Job', 'Employees', 'Salary', 'Benefits', 'Company insurance', 'Total cost']);
      } else {
        for (const k of costKeys) expect(keys).not.toContain(k);
        // Not even the figure under another name.
        expect(res.body).not.toContain(String(admin.totalCost));
        expect(header).toEqual(['Job', 'Employees', 'Salary']);
      }
      expect(res.envelope.data.payroll).toBe(admin.payroll);
    });
  }
});

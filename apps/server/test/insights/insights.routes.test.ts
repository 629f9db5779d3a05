import type { Insights } from '@salary/shared/insights/insights.contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../support/helper.ts';
import { keysOf } from '../support/json-keys.ts';
import { overviewCompany } from '../support/twin-setups.ts';

/*
 * GET /api/insights: bad filters refused, salary data only with showSalary, and cost figures
 * never reach a user without showCost. Its figures against the list: insights-figures.test.ts.
 */

const t = testAppForFile();
const ids = { job: 0, grade: 0, level: 0 };

beforeAll(async () => {
  Object.assign(ids, await overviewCompany(t));
});

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

import type { PayHistoryRow } from '@salary/shared/audit/audit.contract';
import { canReadMoneyRules } from '@salary/shared/common/permissions';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../support/helper.ts';

/*
 * Amounts of money rules only for viewers who may read those rules, in the pay history and in
 * the export (the pay history of a Show Accumulated Cost holder must not rebuild salaries). The
 * texts themselves, in the form's words with names for ids: change-words-texts.test.ts.
 */

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

/** Distinctive amounts, one per rule kind, and how each reads in a text. */
const AMOUNTS = ['2,500.17', '3,333.33', '7.77', '123.45', '11.11', '6.66', '456.78'];

let employeeId = 0;
let employeeName = '';
let _levelNames: [string, string] = ['', ''];

async function settings() {
  const res = await t.callAsAdmin<Record<string, unknown>>({ method: 'GET', url: '/api/settings' });
  const { updatedAt: _u, ...body } = res.envelope.data;
  return body;
}

async function putSettings(changes: Record<string, unknown>) {
  const res = await t.callAsAdmin<Record<string, unknown>>({
    method: 'PUT',
    url: '/api/settings',
    payload: { ...(await settings()), ...changes },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.envelope.data;
}

beforeAll(async () => {
  const c = await t.newCompany(2500.17);
  const otherLevel = await t.newLevel();
  await t.newBaseSalary(c.grade.id, otherLevel.id, 2600);
  _levelNames = [c.level.name, otherLevel.name];
  employeeName = `Words Person ${Date.now()}`;
  const form = {
    name: employeeName,
    technologyId: c.job.id,
    specializationId: c.position.id,
    gradeId: c.grade.id,
    levelId: c.level.id,
    yearsExperience: 3,
    yearsWithCompany: 1,
    offshoreProject: false,
  };
  const created = await t.callAsAdmin<EmployeeView>({ method: 'POST', url: '/api/employees', payload: form });
  expect(created.statusCode, created.body).toBe(201);
  employeeId = created.envelope.data.id;
  // Each cause kind: a base salary, settings multipliers, benefits, social insurance, a
  // custom multiplier, and employee field edits.
  const put = await t.callAsAdmin({
    method: 'PUT',
    url: `/api/base-salary/${c.baseSalary.id}`,
    payload: { gradeId: c.grade.id, levelId: c.level.id, amount: 3333.33 },
  });
  expect(put.statusCode, put.body).toBe(200);
  await putSettings({ experienceMultiplier: 7.77, experienceMultiplierType: 'PERCENTAGE' });
  await putSettings({ benefits: [{ name: 'Lunch', amount: 123.45, type: 'FIXED_AMOUNT' }] });
  await putSettings({
    socialInsuranceEnabled: true,
    socialInsuranceType: 'COMPANY_PERCENTAGE',
    totalInsurancePercentage: 11.11,
    companyInsurancePercentage: 6.66,
  });
  const saved = await putSettings({
    customMultipliers: [{ id: 'tmp-1', title: 'On-call', multiplier: 456.78, type: 'FIXED' }],
  });
  const cm = (saved.customMultipliers as Array<{ id: string }>)[0]!.id;
  const edit = await t.callAsAdmin({
    method: 'PUT',
    url: `/api/employees/${employeeId}`,
    payload: {
      ...form,
      levelId: otherLevel.id,
      offshoreProject: true,
      customMultipliers: JSON.stringify([cm]),
    },
  });
  expect(edit.statusCode, edit.body).toBe(200);
}, 60_000);

const history = (token?: string) =>
  t.callAsAdmin<PayHistoryRow[]>({
    method: 'GET',
    url: `/api/employees/${employeeId}/history`,
    ...(token ? { token } : {}),
  });

describe('pay history causes', () => {
  it('never carry an amount of a rule the viewer may not read, over every permission set', {
    timeout: 120_000,
  }, async () => {
    const keys = ['showSalary', 'showCost', 'showSettings', 'manageSettings'] as const;
    for (let mask = 0; mask < 16; mask++) {
      const permissions = Object.fromEntries(keys.map((k, i) => [k, Boolean(mask & (1 << i))]));
      if (!permissions.showSalary && !permissions.showCost) continue;
      const { token } = await t.createUser(permissions);
      const res = await history(token);
      expect(res.statusCode).toBe(200);
      const causes = res.envelope.data.map((r) => r.cause).join('\n');
      const label = JSON.stringify(permissions);
      const reader = canReadMoneyRules({ isAdmin: false, permissions: { ...permissions } as never });
      for (const amount of AMOUNTS) if (!reader) expect(causes, `${label} ${amount}`).not.toContain(amount);
      if (reader) expect(causes, label).toContain('$3,333.33');
      else {
        expect(causes, label).toContain('Amount changed');
        expect(causes, label).toContain('Benefit added: Lunch');
        expect(causes, label).toContain('Experience multiplier changed');
      }
      // The export's Pay History sheet writes the same causes.
      const file = await t.callAsAdmin({ method: 'GET', url: '/api/employees/export', token });
      if (file.statusCode === 200 && !reader) {
        const { default: ExcelJS } = await import('exceljs');
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
        const sheet = book.getWorksheet('Pay History');
        const text: string[] = [];
        sheet?.eachRow((row) => text.push(String(row.values)));
        for (const amount of AMOUNTS)
          expect(text.join('\n'), `${label} file ${amount}`).not.toContain(amount);
      }
    }
  });
});

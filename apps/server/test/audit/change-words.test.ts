import type { PayHistoryRow } from '@salary/shared/audit/audit.contract';
import { canReadMoneyRules } from '@salary/shared/common/permissions';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import { type CauseWriter, changeOfEachKind } from '../support/twin-setups.ts';

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

async function settings() {
  const res = await t.callAsAdmin<Record<string, unknown>>({ method: 'GET', url: '/api/settings' });
  const { updatedAt: _u, ...body } = res.envelope.data;
  return body;
}

/** A write through its route as the administrator, which must succeed: its answer's data. */
async function written<T>(method: 'POST' | 'PUT', url: string, payload: object, status = 200) {
  const res = await t.callAsAdmin<T>({ method, url, payload });
  expect(res.statusCode, res.body).toBe(status);
  return res.envelope.data;
}

const throughRoutes: CauseWriter = {
  createEmployee: async (form) => (await written<EmployeeView>('POST', '/api/employees', form, 201)).id,
  setBaseSalary: async (id, body) => void (await written('PUT', `/api/base-salary/${id}`, body)),
  putSettings: async (changes) =>
    written<Record<string, unknown>>('PUT', '/api/settings', { ...(await settings()), ...changes }),
  updateEmployee: async (id, form) => void (await written('PUT', `/api/employees/${id}`, form)),
};

beforeAll(async () => {
  ({ employeeId } = await changeOfEachKind(t, throughRoutes));
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

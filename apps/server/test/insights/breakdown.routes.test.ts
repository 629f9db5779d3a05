import type { Breakdown } from '@salary/shared/insights/insights.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import { breakdownCompany } from '../support/twin-setups.ts';

/*
 * GET /api/employees/{id}/breakdown: 422 without a base salary, 404 for no employee, and the
 * lines each permission may see. Its lines and figures: breakdown-figures.test.ts.
 */

let t: TestContext;
const ids = { job: 0, position: 0, grade: 0, level: 0, employee: 0, unpriced: 0, fixed: 0 };

beforeAll(async () => {
  t = await buildTestApp();
  Object.assign(ids, await breakdownCompany(t));
});
afterAll(async () => t.close());

const breakdown = (id: number, token = t.adminToken) =>
  t.call<Breakdown>({ method: 'GET', url: `/api/employees/${id}/breakdown`, token });

describe('GET /api/employees/{id}/breakdown', () => {
  it('answers 422 without a base salary and 404 for no employee', async () => {
    const missing = await breakdown(ids.unpriced);
    expect(missing.statusCode).toBe(422);
    expect(missing.envelope.message).toBe('Base salary not found for the given grade and level');
    expect((await breakdown(999_999)).statusCode).toBe(404);
    expect((await breakdown(0)).statusCode).toBe(400);
  });

  it('shows salary lines only with showSalary and cost lines only with showCost', async () => {
    const admin = (await breakdown(ids.employee)).envelope.data;
    for (const [perms, status, cost] of [
      [{}, 403, false],
      [{ showCost: true, manageEmployee: true, showSettings: true }, 403, false],
      [{ showSalary: true }, 200, false],
      [{ showSalary: true, manageEmployee: true }, 200, false],
      [{ showSalary: true, showCost: true }, 200, true],
    ] as const) {
      const user = await t.createUser(perms);
      const res = await breakdown(ids.employee, user.token);
      expect(res.statusCode, JSON.stringify(perms)).toBe(status);
      if (status === 403) {
        expect(res.body).not.toContain('6500');
        continue;
      }
      expect(res.envelope.data.grossSalary).toBe(admin.grossSalary);
      if (cost) expect(res.envelope.data.totalCost).toBe(admin.totalCost);
      else {
        expect(res.envelope.data).not.toHaveProperty('costLines');
        expect(res.envelope.data).not.toHaveProperty('totalCost');
        expect(res.body).not.toContain(String(admin.totalCost));
        expect(res.body).not.toContain('Benefit');
        expect(res.body).not.toContain("Company's social insurance");
      }
    }
  });
});

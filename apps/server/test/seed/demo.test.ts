import type { PayHistoryRow } from '@salary/shared/audit/audit.contract';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACTOR, DEMO_REFUSED, runDemoSeed } from '../../src/seed/demo.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('demo company', () => {
  it('fills an empty database with a complete, priceable company', async () => {
    const outcome = await runDemoSeed(t.database.db);
    expect(outcome.seeded).toBe(true);
    const list = await t.callAsAdmin<EmployeeView[]>({ method: 'GET', url: '/api/employees' });
    expect(list.envelope.data).toHaveLength(200);
    // The base-salary matrix is complete, so every employee has a salary and a cost.
    expect(
      list.envelope.data.every((e) => typeof e.calculatedSalary === 'number' && e.calculatedSalary > 0),
    ).toBe(true);
    expect(new Set(list.envelope.data.map((e) => e.technology.name)).size).toBe(6);
    const jobs = await t.callAsAdmin<{ name: string; _count: { positions: number } }[]>({
      method: 'GET',
      url: '/api/jobs',
    });
    expect(jobs.statusCode).toBe(200);
  });

  it("starts every employee's pay history with the opening pay the list shows", async () => {
    const list = await t.callAsAdmin<EmployeeView[]>({ method: 'GET', url: '/api/employees' });
    for (const e of list.envelope.data) {
      const history = await t.callAsAdmin<PayHistoryRow[]>({
        method: 'GET',
        url: `/api/employees/${e.id}/history`,
      });
      expect(history.envelope.data, e.name).toEqual([
        expect.objectContaining({
          grossBefore: null,
          grossAfter: e.calculatedSalary,
          costBefore: null,
          costAfter: e.accumulatedCost,
          cause: `Demo company created by ${DEMO_ACTOR}`,
        }),
      ]);
    }
  });

  it('refuses a database that already has data and changes nothing', async () => {
    const before = await t.callAsAdmin<EmployeeView[]>({ method: 'GET', url: '/api/employees' });
    const outcome = await runDemoSeed(t.database.db);
    expect(outcome).toEqual({ seeded: false, message: DEMO_REFUSED });
    const after = await t.callAsAdmin<EmployeeView[]>({ method: 'GET', url: '/api/employees' });
    expect(after.envelope.data).toEqual(before.envelope.data);
  });
});

import { addDays, todayIn } from '@salary/shared/common/calendar-day';
import { asCents, fromCents, toCents } from '@salary/shared/common/money';
import type { BenefitChoiceView } from '@salary/shared/employees/benefit-choice.contract';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { datedCompany } from '../support/dated-company.ts';
import { addEmployee } from '../support/employee-forms.ts';
import { testAppForFile } from '../support/helper.ts';

/*
 * Benefit choice: two employees alike in everything; one stops receiving a company benefit
 * from a day. Its total cost drops by exactly that benefit in the directory, the employee, its
 * breakdown and the Pay Overview, from that day on and not before; its gross does not move.
 */

const t = testAppForFile();
let own: EmployeeView;
let plain: EmployeeView;
let jobId: number;
let today: string;

const at = (asOf?: string) => (asOf ? `?asOf=${asOf}` : '');
const view = async (id: number, asOf?: string) => {
  const res = await t.callAsAdmin<EmployeeView>({ method: 'GET', url: `/api/employees/${id}${at(asOf)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.envelope.data;
};
const minus = (a: number, b: number) => fromCents(asCents(toCents(a) - toCents(b)));

/** What `plain` costs more than `own` as of `asOf`, the same in the directory and the breakdown. */
async function savedOn(asOf?: string) {
  const [o, p] = [await view(own.id, asOf), await view(plain.id, asOf)];
  expect(o.calculatedSalary).toBe(p.calculatedSalary);
  const list = await t.callAsAdmin<EmployeeView[]>({ method: 'GET', url: `/api/employees${at(asOf)}` });
  expect(list.envelope.data.find((e) => e.id === own.id)?.accumulatedCost).toBe(o.accumulatedCost);
  return minus(p.accumulatedCost!, o.accumulatedCost!);
}

const choose = (excludedBenefits: unknown, options: { day?: string; token?: string } = {}) =>
  t.call<BenefitChoiceView>({
    method: 'PUT',
    url: `/api/employees/${own.id}/benefits${options.day ? `?effectiveFrom=${options.day}` : ''}`,
    payload: { excludedBenefits },
    token: options.token ?? t.adminToken,
  });

beforeAll(async () => {
  const setup = await datedCompany(t);
  jobId = setup.c.job.id;
  await t.setSettings({
    benefits: [
      { name: 'Health', amount: 200, type: 'FIXED_AMOUNT' },
      { name: 'Meal', amount: 5, type: 'PERCENTAGE' },
    ],
  });
  own = await addEmployee(t, { ...setup.body, name: 'Ada Own' });
  plain = await addEmployee(t, { ...setup.body, name: 'Bo Plain' });
  today = todayIn('UTC');
});

describe('PUT /api/employees/{id}/benefits', () => {
  it('every benefit is received until one is left out; then it costs that much less, from its day', async () => {
    const before = await t.callAsAdmin<BenefitChoiceView>({
      method: 'GET',
      url: `/api/employees/${own.id}/benefits`,
    });
    expect(before.envelope.data.benefits).toEqual([
      { name: 'Health', received: true },
      { name: 'Meal', received: true },
    ]);
    expect(await savedOn()).toBe(0);

    const from = addDays(today, -20);
    const res = await choose(['Health'], { day: from });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.message).toBe('Benefits saved successfully');
    expect(res.envelope.data.benefits).toEqual([
      { name: 'Health', received: false },
      { name: 'Meal', received: true },
    ]);
    expect(await savedOn()).toBe(200);
    expect(await savedOn(from)).toBe(200);
    expect(await savedOn(addDays(from, -1))).toBe(0);

    const lines = await t.callAsAdmin<{ costLines?: Array<{ label: string }>; totalCost: number }>({
      method: 'GET',
      url: `/api/employees/${own.id}/breakdown`,
    });
    expect(lines.statusCode, lines.body).toBe(200);
    expect(lines.body).not.toContain('Health');
    expect(lines.envelope.data.totalCost).toBe((await view(own.id)).accumulatedCost);
  });

  it('names are matched ignoring case and kept as the settings spell them; the Pay Overview counts the choice', async () => {
    const res = await choose(['health', ' MEAL ']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.data.excludedBenefits).toEqual(['Health', 'Meal']);
    // 200.00 and 5% of 4,000.00.
    expect(await savedOn()).toBe(400);
    const insights = await t.callAsAdmin<{
      totalCost: number;
      byJob: Array<{ jobId: number; benefits: number }>;
    }>({
      method: 'GET',
      url: `/api/insights?technologyId=${jobId}`,
    });
    expect(insights.statusCode, insights.body).toBe(200);
    const [o, p] = [await view(own.id), await view(plain.id)];
    expect(insights.envelope.data.totalCost).toBe(
      fromCents(asCents(toCents(o.accumulatedCost!) + toCents(p.accumulatedCost!))),
    );
    // Only the other one's benefits are left: 200.00 + 200.00 (5% of 4,000.00).
    expect(insights.envelope.data.byJob.find((j) => j.jobId === jobId)?.benefits).toBe(400);
  });

  it('the audit says it in words and the pay history gets a row', async () => {
    const history = await t.callAsAdmin<Array<{ cause: string }>>({
      method: 'GET',
      url: `/api/employees/${own.id}/history`,
    });
    expect(history.envelope.data.at(-1)?.cause).toContain('Benefits not received: Health → Health, Meal');
  });

  it('refuses an unknown benefit and a caller without Edit Employee, and keeps the choice', async () => {
    const unknown = await choose(['Gym']);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Unknown benefit: Gym');
    expect((await choose('Health')).statusCode).toBe(400);
    const reader = await t.createUser({ showSalary: true, showCost: true });
    expect((await choose([], { token: reader.token })).statusCode).toBe(403);
    const nobody = await t.createUser({ showSettings: true });
    const read = await t.call({
      method: 'GET',
      url: `/api/employees/${own.id}/benefits`,
      token: nobody.token,
    });
    expect(read.statusCode).toBe(403);
    expect(await savedOn()).toBe(400);
  });
});

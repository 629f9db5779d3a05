import { addDays, todayIn } from '@salary/shared/common/calendar-day';
import { asCents, fromCents, toCents } from '@salary/shared/common/money';
import type { AllowanceView } from '@salary/shared/employees/allowance.contract';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { datedCompany } from '../support/dated-company.ts';
import { addEmployee, calculatorProfileOf } from '../support/employee-forms.ts';
import { testAppForFile } from '../support/helper.ts';

/*
 * The individual allowance, through its own route: two employees alike in everything, one
 * given an allowance. The directory, the employee, its "Why this salary?" lines and the
 * calculator for the same profile agree to the cent, as of every day before and after the day
 * it starts; the audit says it in words and the pay history gets a row; bad input and callers
 * without Show Calculated Salary change nothing.
 */

const t = testAppForFile();
let own: EmployeeView;
let plain: EmployeeView;
let today: string;

const at = (asOf?: string) => (asOf ? `?asOf=${asOf}` : '');
const view = async (id: number, asOf?: string) => {
  const res = await t.callAsAdmin<EmployeeView & { version: number }>({
    method: 'GET',
    url: `/api/employees/${id}${at(asOf)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.envelope.data;
};
const listed = async (id: number, asOf?: string) => {
  const res = await t.callAsAdmin<EmployeeView[]>({ method: 'GET', url: `/api/employees${at(asOf)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.envelope.data.find((e) => e.id === id)!;
};
const calculated = async (e: EmployeeView, asOf?: string) => {
  const res = await t.callAsAdmin<{ calculatedSalary: number }>({
    method: 'POST',
    url: '/api/calculate',
    payload: { ...calculatorProfileOf(e), ...(asOf ? { asOf } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.envelope.data.calculatedSalary;
};
const breakdown = async (id: number) => {
  const res = await t.callAsAdmin<{
    salaryLines: Array<{ label: string; amount: number }>;
    grossSalary: number;
  }>({ method: 'GET', url: `/api/employees/${id}/breakdown` });
  expect(res.statusCode, res.body).toBe(200);
  return res.envelope.data;
};
const minus = (a: number, b: number) => fromCents(asCents(toCents(a) - toCents(b)));

const putAllowance = (id: number, payload: object, options: { day?: string; token?: string } = {}) =>
  t.call<AllowanceView>({
    method: 'PUT',
    url: `/api/employees/${id}/allowance${options.day ? `?effectiveFrom=${options.day}` : ''}`,
    payload,
    token: options.token ?? t.adminToken,
  });
const getAllowance = async (id: number, asOf?: string) => {
  const res = await t.callAsAdmin<AllowanceView>({
    method: 'GET',
    url: `/api/employees/${id}/allowance${at(asOf)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.envelope.data;
};

/** What `own` earns more than `plain` as of `asOf`, the same in the directory, the employee and the calculator. */
async function moreOn(asOf?: string) {
  const [o, p] = [await view(own.id, asOf), await view(plain.id, asOf)];
  expect((await listed(own.id, asOf)).calculatedSalary).toBe(o.calculatedSalary);
  // The calculator prices the profile without the allowance: the same as the employee without one.
  expect(await calculated(o, asOf)).toBe(p.calculatedSalary);
  return minus(o.calculatedSalary!, p.calculatedSalary!);
}

beforeAll(async () => {
  const setup = await datedCompany(t);
  own = await addEmployee(t, { ...setup.body, name: 'Ada Own' });
  plain = await addEmployee(t, { ...setup.body, name: 'Bo Plain' });
  today = todayIn('UTC');
});

describe('PUT /api/employees/{id}/allowance', () => {
  it('backdated: priced from its day in the directory, the employee, its breakdown and beside the calculator, with back pay', async () => {
    const from = addDays(today, -40);
    const res = await putAllowance(
      own.id,
      { allowance: { type: 'FIXED', value: 150, reason: '  Retention  ' }, version: own.version },
      { day: from },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.message).toBe('Individual allowance saved successfully');
    expect(res.envelope.data.allowance).toEqual({ type: 'FIXED', value: 150, reason: 'Retention' });
    // 150.00 a month over the 40 days owed, each day its month's share.
    expect(res.envelope.data.backPay?.totals.gross).toBeGreaterThan(150);
    expect(res.envelope.data.backPay?.totals.gross).toBeLessThan(250);

    expect(await moreOn()).toBe(150);
    expect(await moreOn(from)).toBe(150);
    expect(await moreOn(addDays(from, -1))).toBe(0);
    expect((await getAllowance(own.id, addDays(from, -1))).allowance).toBeNull();

    const lines = await breakdown(own.id);
    expect(lines.salaryLines.at(-1)).toEqual({
      kind: 'multiplier',
      label: 'Individual allowance · $150.00',
      amount: 150,
    });
    expect(lines.grossSalary).toBe((await view(own.id)).calculatedSalary);
  });

  it('a percent of the adjusted base from today replaces it, and shows on the pay history in words', async () => {
    const res = await putAllowance(own.id, {
      allowance: { type: 'PERCENTAGE', value: 2.5, reason: 'Market premium' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // 2.5% of 4,000.00.
    expect(await moreOn()).toBe(100);
    const lines = await breakdown(own.id);
    expect(lines.salaryLines.filter((l) => l.label.startsWith('Individual allowance'))).toEqual([
      { kind: 'multiplier', label: 'Individual allowance · 2.5%', amount: 100 },
    ]);
    const history = await t.callAsAdmin<Array<{ cause: string; grossBefore: number; grossAfter: number }>>({
      method: 'GET',
      url: `/api/employees/${own.id}/history`,
    });
    expect(history.statusCode, history.body).toBe(200);
    const last = history.envelope.data.at(-1)!;
    expect(last.cause).toContain(
      'Individual allowance: $150.00 a month (Retention) → 2.5% of base (Market premium)',
    );
    expect(minus(last.grossAfter, last.grossBefore)).toBe(-50);
  });

  it('scheduled for a day to come: nothing moves today, the day itself reads it', async () => {
    const day = addDays(today, 10);
    const res = await putAllowance(own.id, { allowance: null }, { day });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.data.allowance).not.toBeNull();
    expect(await moreOn()).toBe(100);
    expect(await moreOn(day)).toBe(0);
    expect((await getAllowance(own.id, day)).allowance).toBeNull();
  });

  it('refuses bad input with the field and a clear message, and keeps what was saved', async () => {
    const was = await getAllowance(own.id);
    const cases: Array<[object, string]> = [
      [{ allowance: { type: 'FIXED', value: -1, reason: 'x' } }, 'Amount must be 0 or more'],
      [{ allowance: { type: 'FIXED', value: 10.005, reason: 'x' } }, 'Amount can have at most 2 decimals'],
      [{ allowance: { type: 'PERCENTAGE', value: 100.5, reason: 'x' } }, 'Percent must be between 0 and 100'],
      [{ allowance: { type: 'FIXED', value: 10, reason: '   ' } }, 'Reason is required'],
      [{ allowance: { type: 'FIXED', value: 10 } }, 'Reason is required'],
      [
        { allowance: { type: 'FIXED', value: 10, reason: 'a\u0007b' } },
        'Reason must not contain control characters',
      ],
      [{ allowance: { type: 'BONUS', value: 10, reason: 'x' } }, 'Type must be a fixed amount or a percent'],
    ];
    for (const [payload, message] of cases) {
      const res = await putAllowance(own.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body, JSON.stringify(payload)).toContain(message);
    }
    const stale = await putAllowance(own.id, {
      allowance: { type: 'FIXED', value: 10, reason: 'late' },
      version: was.version - 1,
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(await getAllowance(own.id)).toEqual(was);
  });

  it('is neither read nor written without Show Calculated Salary, nor written without Edit Employee', async () => {
    const was = await getAllowance(own.id);
    const manager = await t.createUser({ manageEmployee: true, showCost: true });
    const reader = await t.createUser({ showSalary: true });
    const read = await t.call({
      method: 'GET',
      url: `/api/employees/${own.id}/allowance`,
      token: manager.token,
    });
    expect(read.statusCode).toBe(403);
    const body = { allowance: { type: 'FIXED', value: 999, reason: 'Not allowed' } };
    expect((await putAllowance(own.id, body, { token: manager.token })).statusCode).toBe(403);
    expect((await putAllowance(own.id, body, { token: reader.token })).statusCode).toBe(403);
    const readable = await t.call<AllowanceView>({
      method: 'GET',
      url: `/api/employees/${own.id}/allowance`,
      token: reader.token,
    });
    expect(readable.statusCode).toBe(200);
    expect(readable.envelope.data).toEqual(was);
    // The employee's own answers never carry it.
    const asManager = await t.call({ method: 'GET', url: `/api/employees/${own.id}`, token: manager.token });
    expect(asManager.body).not.toMatch(/allowance|Market premium/i);
  });
});

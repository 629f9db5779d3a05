import { addDays, todayIn } from '@salary/shared/common/calendar-day';
import type { ScheduledChange } from '@salary/shared/employees/dated.contract';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeZone } from '../support/dated-company.ts';
import { placeIn } from '../support/factories.ts';
import { ADMIN, buildTestApp, type TestContext } from '../support/helper.ts';

/*
 * Dated rules end to end: a base salary, an adjustment factor or the settings change from
 * `?effectiveFrom=` (default today). A day still to come schedules the change (every answer as
 * of today stays byte for byte what it was), a past day changes the past from that day, and
 * every read as of a day prices with the rules in force that day.
 */

let t: TestContext;
let c: Awaited<ReturnType<TestContext['newCompany']>>;
let employeeId: number;
let today: string;

const plus = addDays;

/** The employee's gross as of a day (today without one). */
const grossOn = async (day?: string) => {
  const res = await t.callAsAdmin<EmployeeView>({
    method: 'GET',
    url: `/api/employees/${employeeId}${day ? `?asOf=${day}` : ''}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.envelope.data.calculatedSalary;
};
/** The employee's gross today (as the server counts it) and on each of `onDays`. */
const expectGrosses = async (today: number, onDays: Record<string, number>) => {
  expect(await grossOn(), 'today').toBe(today);
  for (const [day, gross] of Object.entries(onDays)) expect(await grossOn(day), day).toBe(gross);
};
/** Changes the base salary from `day` on (200 expected); answers the amount in force today. */
const changeFrom = async (amount: number, day: string) => {
  const res = await putBase(amount, `?effectiveFrom=${day}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.envelope.data.amount;
};
const listBody = async () => (await t.callAsAdmin({ method: 'GET', url: '/api/employees' })).body;
const scheduled = async () =>
  (await t.callAsAdmin<ScheduledChange[]>({ method: 'GET', url: '/api/scheduled-changes' })).envelope.data;
const baseSalary = async () =>
  (
    await t.callAsAdmin<Array<{ id: number; amount: number; version: number }>>({
      method: 'GET',
      url: '/api/base-salary',
    })
  ).envelope.data.find((b) => b.id === c.baseSalary.id)!;
const putBase = async (amount: number, query: string) => {
  const now = await baseSalary();
  return t.callAsAdmin<{ amount: number; version: number }>({
    method: 'PUT',
    url: `/api/base-salary/${c.baseSalary.id}${query}`,
    payload: { gradeId: c.grade.id, levelId: c.level.id, amount, version: now.version },
  });
};

beforeAll(async () => {
  t = await buildTestApp();
  c = await t.newCompany(4000);
  await setTimeZone(t, 'UTC');
  today = todayIn('UTC');
  const res = await t.callAsAdmin<EmployeeView>({
    method: 'POST',
    url: '/api/employees',
    payload: {
      name: 'Grace Hopper',
      technologyId: c.job.id,
      specializationId: c.position.id,
      gradeId: c.grade.id,
      levelId: c.level.id,
      yearsExperience: 0,
      yearsWithCompany: 0,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  employeeId = res.envelope.data.id;
});

afterAll(async () => {
  await t?.close();
});

describe('a rule change for a day still to come', () => {
  it('changes nothing today, prices that day with it, lists it, and cancelled leaves no trace but the audit', async () => {
    const before = await listBody();
    const tomorrow = plus(today, 1);
    const res = await putBase(4500, `?effectiveFrom=${tomorrow}`);
    expect(res.statusCode, res.body).toBe(200);
    // The answer is the rule as it is today: the form reloads what is in force.
    expect(res.envelope.data.amount).toBe(4000);
    expect((await baseSalary()).amount).toBe(4000);
    expect(await listBody()).toBe(before);
    await expectGrosses(4000, { [tomorrow]: 4500, [plus(today, 400)]: 4500 });
    // The calculator as of a day prices with that day's rules too.
    const calculated = async (asOf?: string) =>
      (
        await t.callAsAdmin<{ calculatedSalary: number }>({
          method: 'POST',
          url: '/api/calculate',
          payload: {
            ...placeIn(c),
            yearsExperience: 0,
            yearsWithCompany: 0,
            ...(asOf && { asOf }),
          },
        })
      ).envelope.data.calculatedSalary;
    expect(await calculated()).toBe(4000);
    expect(await calculated(tomorrow)).toBe(4500);

    const waiting = (await scheduled()).filter((s) => s.kind === 'baseSalary');
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({
      kind: 'baseSalary',
      employeeId: null,
      subjectName: `${c.grade.name} / ${c.level.name}`,
      effectiveFrom: tomorrow,
      changes: [{ field: 'amount', before: 4000, after: 4500 }],
      recordedBy: ADMIN.email,
    });

    const cancel = await t.callAsAdmin({ method: 'DELETE', url: `/api/scheduled-changes/${waiting[0]!.id}` });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await scheduled()).some((s) => s.kind === 'baseSalary')).toBe(false);
    expect(await grossOn(tomorrow)).toBe(4000);
    expect(await listBody()).toBe(before);
  });

  it('is previewed as of its day: the change it will make then, nothing saved', async () => {
    const tomorrow = plus(today, 1);
    const now = await baseSalary();
    const res = await t.callAsAdmin<{
      employeesAffected: number;
      totals: { grossBefore: number; grossAfter: number };
    }>({
      method: 'POST',
      url: '/api/impact',
      payload: {
        method: 'PUT',
        path: `/base-salary/${c.baseSalary.id}?effectiveFrom=${tomorrow}`,
        body: { gradeId: c.grade.id, levelId: c.level.id, amount: now.amount + 100, version: now.version },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.data.employeesAffected).toBe(1);
    expect(res.envelope.data.totals.grossAfter - res.envelope.data.totals.grossBefore).toBe(100);
    expect((await scheduled()).some((s) => s.kind === 'baseSalary')).toBe(false);
  });

  it('is refused whole from a day more than ten years back, naming it, and writes nothing', async () => {
    const before = await listBody();
    const res = await putBase(9999, '?effectiveFrom=1800-01-01');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Effective From must be within ten years before today');
    expect(await listBody()).toBe(before);
  });

  it('is refused whole with a malformed day, naming it', async () => {
    const res = await putBase(4500, '?effectiveFrom=2026-02-30');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Effective From');
    expect((await baseSalary()).amount).toBe(4000);
  });
});

describe('a rule change from a past day', () => {
  it('changes today and the past from that day, not before it, and its audit entry says the day', async () => {
    const from = plus(today, -40);
    expect(await changeFrom(4200, from)).toBe(4200);
    await expectGrosses(4200, { [from]: 4200, [plus(from, -1)]: 4000 });

    const audit = await t.callAsAdmin<{ entries: Array<{ details: Record<string, unknown> | null }> }>({
      method: 'GET',
      url: `/api/audit?entityType=baseSalary&entityId=${c.baseSalary.id}&limit=1`,
    });
    const details = audit.envelope.data.entries[0]?.details as {
      effectiveFrom: string;
      backPay: { from: string; totals: { gross: number }; employees: Array<{ id: number; gross: number }> };
    };
    expect(details.effectiveFrom).toBe(from);
    // Back pay, day by day: 200.00 more a month, each day its month's share, rounded once.
    let owed = 0;
    for (let day = from; day < today; day = plus(day, 1)) {
      const [y, m] = day.split('-').map(Number) as [number, number];
      owed += 20_000 / new Date(Date.UTC(y, m, 0)).getUTCDate();
    }
    expect(details.backPay.from).toBe(from);
    expect(details.backPay.employees).toEqual([
      expect.objectContaining({ id: employeeId, gross: Math.round(owed) / 100 }),
    ]);
    expect(details.backPay.totals.gross).toBe(Math.round(owed) / 100);
  });

  it('holds only up to a later change already in force', async () => {
    const later = plus(today, -10);
    expect((await putBase(4300, `?effectiveFrom=${later}`)).statusCode).toBe(200);
    const earlier = plus(today, -20);
    // Today is still the later change's.
    expect(await changeFrom(4250, earlier)).toBe(4300);
    await expectGrosses(4300, {
      [earlier]: 4250,
      [plus(later, -1)]: 4250,
      [later]: 4300,
      [plus(earlier, -1)]: 4200,
    });
  });
});

describe('a rule written to the value it has today', () => {
  it('from a past day still takes that value from that day, up to the next version', async () => {
    const now = (await baseSalary()).amount;
    const from = plus(today, -35);
    expect(await grossOn(from)).not.toBe(now);
    expect((await putBase(now, `?effectiveFrom=${from}`)).statusCode).toBe(200);
    await expectGrosses(now, { [from]: now, [plus(today, -20)]: 4250 });
  });
});

describe('factors and settings', () => {
  it('a factor created for a day to come prices only from that day', async () => {
    const day = plus(today, 30);
    const res = await t.callAsAdmin({
      method: 'POST',
      url: `/api/adjustment-factors?effectiveFrom=${day}`,
      payload: { jobId: c.job.id, positionId: c.position.id, factor: 0.1, type: 'PERCENTAGE' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const factors = await t.callAsAdmin<unknown[]>({ method: 'GET', url: '/api/adjustment-factors' });
    expect(factors.envelope.data).toEqual([]);
    await expectGrosses(4300, { [day]: 4730 });
    const waiting = (await scheduled()).find((s) => s.kind === 'adjustmentFactor');
    expect(waiting?.changes).toEqual(
      expect.arrayContaining([
        { field: 'type', before: null, after: 'PERCENTAGE' },
        { field: 'factor', before: null, after: 0.1 },
      ]),
    );
  });

  it('settings for a day to come keep today’s record and price that day with the new one', async () => {
    const day = plus(today, 60);
    const now = await t.callAsAdmin<Record<string, unknown> & { version: number }>({
      method: 'GET',
      url: '/api/settings',
    });
    const { updatedAt: _u, ...record } = now.envelope.data;
    const res = await t.callAsAdmin<{ loyaltyMultiplier: number; version: number }>({
      method: 'PUT',
      url: `/api/settings?effectiveFrom=${day}`,
      payload: {
        ...record,
        offshoreMultiplier: 0,
        loyaltyMultiplier: 0,
        remoteMultiplier: 10,
        remoteMultiplierType: 'PERCENTAGE',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.data).toMatchObject({ remoteMultiplier: now.envelope.data.remoteMultiplier });
    // The answer's version is the stored one: the next save from this form is not stale.
    const again = await t.callAsAdmin<{ version: number }>({ method: 'GET', url: '/api/settings' });
    expect(res.envelope.data.version).toBe(again.envelope.data.version);
    const waiting = (await scheduled()).find((s) => s.kind === 'settings');
    expect(waiting?.subjectName).toBe('Settings');
    expect(waiting?.changes).toContainEqual({
      field: 'remoteMultiplier',
      before: now.envelope.data.remoteMultiplier,
      after: 10,
    });
  });

  it('settings saved unchanged for a later day still take that day (after a change scheduled before it)', async () => {
    const now = await t.callAsAdmin<Record<string, unknown>>({ method: 'GET', url: '/api/settings' });
    const { updatedAt: _u, version: _v, ...record } = now.envelope.data;
    const day = plus(today, 90);
    const res = await t.callAsAdmin({
      method: 'PUT',
      url: `/api/settings?effectiveFrom=${day}`,
      payload: record,
    });
    expect(res.statusCode, res.body).toBe(200);
    const waiting = (await scheduled()).find((s) => s.kind === 'settings' && s.effectiveFrom === day);
    expect(waiting?.changes).toContainEqual({
      field: 'remoteMultiplier',
      before: 10,
      after: record.remoteMultiplier,
    });
  });

  it('a viewer who may not read the rules sees no rule change in the list', async () => {
    const viewer = await t.createUser({ manageEmployee: true });
    const res = await t.call<ScheduledChange[]>({
      method: 'GET',
      url: '/api/scheduled-changes',
      token: viewer.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.envelope.data.filter((s) => s.kind !== 'employee')).toEqual([]);
    expect(res.body).not.toContain('4500');
  });
});

describe('the day comes', () => {
  it('the rule table takes the change before the first request of that day reads, audited by the system', async () => {
    await setTimeZone(t, 'Pacific/Pago_Pago');
    const day = todayIn('Pacific/Kiritimati');
    expect(day > todayIn('Pacific/Pago_Pago')).toBe(true);
    expect((await putBase(4600, `?effectiveFrom=${day}`)).statusCode).toBe(200);
    expect((await baseSalary()).amount).toBe(4300);
    await setTimeZone(t, 'Pacific/Kiritimati');
    expect((await baseSalary()).amount).toBe(4600);
    expect((await scheduled()).some((s) => s.kind === 'baseSalary')).toBe(false);
    const audit = await t.callAsAdmin<{
      entries: Array<{ actorEmail: string; details: Record<string, unknown> }>;
    }>({
      method: 'GET',
      url: '/api/audit?entityType=baseSalary&limit=1',
    });
    expect(audit.envelope.data.entries[0]).toMatchObject({
      actorEmail: 'system',
      details: { scheduledChangeApplied: day },
    });
  });
});

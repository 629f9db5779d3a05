import type { PayComponent } from '@salary/salary-engine/pay-components';
import { addDays, todayIn } from '@salary/shared/common/calendar-day';
import { asCents, fromCents, toCents } from '@salary/shared/common/money';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { createEmployeeVersionsRepository } from '../../src/modules/employees/employee-versions.repository.ts';
import { setTimeZone } from '../support/dated-company.ts';
import { versionedFormOf } from '../support/employee-forms.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';

/*
 * An employee's own pay components: stored on its dated versions (no screen or route writes
 * them yet), priced for that employee only from the day they start, after its custom
 * multipliers, on their own breakdown lines. Two employees alike in everything else are
 * compared: the one with components earns exactly their amounts more, as of every day from
 * their start and no day before; later writes of the employee (today's, dated, a delete and
 * its restore) keep them; and no answer names them.
 */

/** A component on the adjustment line, counted once and always unless `over` says otherwise. */
const component = (
  name: string,
  type: PayComponent['type'],
  value: number,
  over: Partial<Pick<PayComponent, 'per' | 'when'>> = {},
): PayComponent => ({
  name,
  type,
  value: value as PayComponent['value'],
  per: 'ONCE',
  when: 'ALWAYS',
  line: 'ADJUSTMENT',
  ...over,
});

const ALLOWANCE = component('Individual allowance', 'FIXED', 15_000);
/** 2.5% of the adjusted salary (4,000.00): 100.00. */
const PREMIUM = component('Market premium', 'PERCENTAGE', 250);
/** 50.00 a year of experience, only while remote. */
const REMOTE_STIPEND = component('Remote stipend', 'FIXED', 5_000, {
  per: 'YEAR_OF_EXPERIENCE',
  when: 'REMOTE',
});

let t: TestContext;
let db: Db;
let c: Awaited<ReturnType<TestContext['newCompany']>>;
let today: string;
/** The day the components start, and the day before. */
let from: string;
let before: string;
/** With components, and without: alike in everything else. */
let own: number;
let plain: number;

const view = async (id: number, asOf?: string) => {
  const res = await t.callAsAdmin<EmployeeView & { version: number }>({
    method: 'GET',
    url: `/api/employees/${id}${asOf ? `?asOf=${asOf}` : ''}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.envelope.data;
};
const grossOf = async (id: number, asOf?: string) => (await view(id, asOf)).calculatedSalary!;
/** What the one with components earns more than the one without, as of `asOf` (today without). */
const moreOn = async (asOf?: string) =>
  fromCents(asCents(toCents(await grossOf(own, asOf)) - toCents(await grossOf(plain, asOf))));
const listed = async (asOf?: string) => {
  const res = await t.callAsAdmin<EmployeeView[]>({
    method: 'GET',
    url: `/api/employees${asOf ? `?asOf=${asOf}` : ''}`,
  });
  expect(res.statusCode).toBe(200);
  const byId = new Map(res.envelope.data.map((e) => [e.id, e]));
  return { body: res.body, own: byId.get(own)!, plain: byId.get(plain)! };
};

async function create(name: string) {
  const res = await t.callAsAdmin<EmployeeView>({
    method: 'POST',
    url: '/api/employees',
    payload: {
      name,
      technologyId: c.job.id,
      specializationId: c.position.id,
      gradeId: c.grade.id,
      levelId: c.level.id,
      yearsExperience: 2,
      yearsWithCompany: 0,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.envelope.data.id;
}

/** Both employees edited alike through the API from `day` (absent: today). */
async function editBoth(change: Partial<EmployeeView>, day?: string) {
  for (const id of [own, plain]) {
    const now = await view(id);
    const res = await t.callAsAdmin({
      method: 'PUT',
      url: `/api/employees/${id}${day ? `?effectiveFrom=${day}` : ''}`,
      payload: versionedFormOf(now, change),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  db = t.database.db;
  c = await t.newCompany(4000);
  await setTimeZone(t, 'UTC');
  today = todayIn('UTC');
  from = addDays(today, -40);
  before = addDays(from, -1);
  own = await create('Ada Own');
  plain = await create('Bo Plain');
  // The components from 40 days back, as a dated write stores them (the rows take them today).
  await db.transaction((tx) =>
    createEmployeeVersionsRepository(tx).writeFrom(
      [{ id: own, input: { payComponents: [ALLOWANCE, PREMIUM, REMOTE_STIPEND] } }],
      from,
      today,
      'hr@example.com',
    ),
  );
});

afterAll(async () => {
  await t?.close();
});

describe("an employee's own pay components", () => {
  it('price that employee only, from their first day and not before', async () => {
    expect(await moreOn()).toBe(250);
    expect(await moreOn(from)).toBe(250);
    expect(await moreOn(addDays(from, 1))).toBe(250);
    expect(await moreOn(before)).toBe(0);
    // The list as of each day prices them alike, and names them nowhere.
    for (const day of [undefined, from, before]) {
      const list = await listed(day);
      expect(list.own.calculatedSalary).toBe(await grossOf(own, day));
      expect(list.plain.calculatedSalary).toBe(await grossOf(plain, day));
      expect(list.body).not.toMatch(/Individual allowance|Market premium|payComponents|pay_components/);
    }
    expect(Object.keys(await view(own))).toEqual(Object.keys(await view(plain)));
  });

  it('show as their own lines of the breakdown, after the company multipliers', async () => {
    const res = await t.callAsAdmin<{
      salaryLines: Array<{ kind: string; label: string; amount: number }>;
      grossSalary: number;
    }>({ method: 'GET', url: `/api/employees/${own}/breakdown` });
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.envelope.data.salaryLines;
    expect(lines.slice(-2)).toEqual([
      { kind: 'multiplier', label: 'Individual allowance · $150.00', amount: 150 },
      { kind: 'multiplier', label: 'Market premium · 2.5%', amount: 100 },
    ]);
    // The stipend applies only while remote: not now, so no line; the lines add up to gross.
    expect(lines.filter((l) => l.label.startsWith('Remote stipend'))).toEqual([]);
    const sum = lines.reduce((total, l) => total + toCents(l.amount), 0);
    expect(fromCents(asCents(sum))).toBe(res.envelope.data.grossSalary);
    expect(res.envelope.data.grossSalary).toBe(await grossOf(own));
  });

  it('mark the day they start on the pay timeline', async () => {
    const res = await t.callAsAdmin<Array<{ from: string | null; to: string | null; grossSalary: number }>>({
      method: 'GET',
      url: `/api/employees/${own}/pay-timeline`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const periods = res.envelope.data;
    const started = periods.find((p) => p.from === from);
    expect(started?.grossSalary).toBe(await grossOf(own, from));
    const earlier = periods.find((p) => p.to === before);
    expect(earlier?.grossSalary).toBe(await grossOf(plain, before));
  });

  it('are kept by later writes of the employee, today and dated, and apply on their condition', async () => {
    await editBoth({ remote: true });
    // 2.5% premium + 150.00 + 2 years × 50.00 while remote.
    expect(await moreOn()).toBe(350);
    const lastWeek = addDays(today, -7);
    await editBoth({ yearsExperience: 4 }, lastWeek);
    expect(await moreOn(lastWeek)).toBe(450);
    expect(await moreOn(addDays(lastWeek, -1))).toBe(250);
    expect(await moreOn(before)).toBe(0);
  });

  it('are a list in the database, on the employee and on each of its versions, or refused', async () => {
    const was = await moreOn();
    for (const table of ['employees', 'employee_versions']) {
      const key = table === 'employees' ? 'id' : 'employee_id';
      for (const value of ['{}', '"Individual allowance"', '15000', 'null']) {
        const refused = await db
          .execute(
            sql`update ${sql.identifier(table)} set pay_components = ${value}::jsonb where ${sql.identifier(key)} = ${own}`,
          )
          .then(
            () => 'saved',
            (error: { cause?: { constraint?: string } }) => error.cause?.constraint,
          );
        expect(refused, `${table} ← ${value}`).toBe(`${table}_pay_components_array`);
      }
    }
    expect(await moreOn()).toBe(was);
  });

  it('come back with the employee when its delete is reverted', async () => {
    const was = { today: await moreOn(), from: await moreOn(from), before: await moreOn(before) };
    const deleted = await t.callAsAdmin({ method: 'DELETE', url: `/api/employees/${own}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const page = await t.callAsAdmin<{ entries: Array<{ id: number; action: string }> }>({
      method: 'GET',
      url: `/api/audit?entityType=employee&entityId=${own}&limit=1`,
    });
    const entry = page.envelope.data.entries[0]!;
    expect(entry.action).toBe('delete');
    const restored = await t.callAsAdmin({ method: 'POST', url: `/api/audit/${entry.id}/revert` });
    expect(restored.statusCode, restored.body).toBe(200);
    expect({ today: await moreOn(), from: await moreOn(from), before: await moreOn(before) }).toEqual(was);
    expect((await listed()).own.calculatedSalary).toBe(await grossOf(own));
  });
});

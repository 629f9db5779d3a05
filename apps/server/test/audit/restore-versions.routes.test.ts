import type { AuditEntry, AuditPage } from '@salary/shared/audit/audit.contract';
import { ENTRY_REVERT_ERRORS, type EntryRevertResult } from '@salary/shared/audit/entry-revert.contract';
import { addDays, todayIn } from '@salary/shared/common/calendar-day';
import type { PayPeriod, ScheduledChange } from '@salary/shared/employees/dated.contract';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeZone } from '../support/dated-company.ts';
import { addFormFor } from '../support/employee-forms.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import { unique } from '../support/route-requests.ts';

/*
 * Restore brings a deleted employee back with its dated versions: a past change and a
 * scheduled one read, as of every day, exactly as before the delete, and the scheduled change
 * is listed again. A grade only a version names, deleted since, refuses the restore by name.
 */

let t: TestContext;
let today = '';

beforeAll(async () => {
  t = await buildTestApp();
  await setTimeZone(t, 'UTC');
  today = todayIn('UTC');
});
afterAll(async () => t.close());

const get = (id: number, asOf?: string) =>
  t.callAsAdmin<EmployeeView & { version: number }>({
    method: 'GET',
    url: `/api/employees/${id}${asOf ? `?asOf=${asOf}` : ''}`,
  });
const scheduledOf = async (id: number) =>
  (await t.callAsAdmin<ScheduledChange[]>({ method: 'GET', url: '/api/scheduled-changes' })).envelope.data
    .filter((c) => c.employeeId === id)
    .map(({ id: _id, ...change }) => change);
const timeline = async (id: number) =>
  (await t.callAsAdmin<PayPeriod[]>({ method: 'GET', url: `/api/employees/${id}/pay-timeline` })).envelope
    .data;
const revert = (entryId: number) =>
  t.call<EntryRevertResult>({ method: 'POST', url: `/api/audit/${entryId}/revert`, token: t.adminToken });
async function lastEntry(id: number): Promise<AuditEntry> {
  const page = await t.callAsAdmin<AuditPage>({
    method: 'GET',
    url: `/api/audit?entityType=employee&entityId=${id}&limit=1`,
  });
  return page.envelope.data.entries[0]!;
}

/** An employee hired years ago, promoted to a second level 60 days ago, a grade up in 30 days. */
async function withVersions() {
  const c = await t.newCompany(3000);
  const level2 = await t.newLevel(unique('L'));
  const senior = await t.newGrade(unique('Senior'), 50);
  await t.newBaseSalary(c.grade.id, level2.id, 3600);
  const seniorPay = await t.newBaseSalary(senior.id, level2.id, 4800);
  const body = addFormFor(c, {
    name: unique('Ines'),
    yearsExperience: 6,
    yearsWithCompany: 3,
    remote: true,
    hireDate: '2019-04-01',
  });
  const created = await t.callAsAdmin<EmployeeView>({ method: 'POST', url: '/api/employees', payload: body });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.envelope.data.id;
  const past = await t.callAsAdmin({
    method: 'PUT',
    url: `/api/employees/${id}?effectiveFrom=${addDays(today, -60)}`,
    payload: { ...body, levelId: level2.id },
  });
  expect(past.statusCode, past.body).toBe(200);
  const scheduled = await t.callAsAdmin({
    method: 'PUT',
    url: `/api/employees/${id}?effectiveFrom=${addDays(today, 30)}`,
    payload: { ...body, levelId: level2.id, gradeId: senior.id, offshoreProject: true },
  });
  expect(scheduled.statusCode, scheduled.body).toBe(200);
  return { id, senior, seniorPay };
}

/** Before, on and between the versions' days, and after the scheduled one. */
const days = () => [-400, -61, -60, -30, -1, 0, 1, 29, 30, 45, 400].map((d) => addDays(today, d));

async function readings(id: number) {
  const out: Record<string, unknown> = {};
  for (const day of days()) {
    const res = await get(id, day);
    expect(res.statusCode, res.body).toBe(200);
    const { version: _v, ...view } = res.envelope.data;
    out[day] = view;
  }
  const { version: _v, ...now } = (await get(id)).envelope.data;
  out.today = now;
  return out;
}

describe('Restore brings an employee back with its dated versions', () => {
  it('reads exactly as before the delete on every day, and its scheduled change is listed again', async () => {
    const { id } = await withVersions();
    const before = await readings(id);
    // The versions differ: the level moved 60 days ago, the grade moves in 30 days.
    expect(before[addDays(today, -61)]).not.toEqual(before[addDays(today, -60)]);
    expect(before[addDays(today, 29)]).not.toEqual(before[addDays(today, 30)]);
    const scheduledBefore = await scheduledOf(id);
    expect(scheduledBefore).toHaveLength(1);
    expect(scheduledBefore[0]!.effectiveFrom).toBe(addDays(today, 30));
    const timelineBefore = await timeline(id);
    expect(timelineBefore.map((p) => [p.from, p.cause.scheduled])).toEqual([
      [null, false],
      [addDays(today, -60), false],
      [addDays(today, 30), true],
    ]);

    const deleted = await t.callAsAdmin({ method: 'DELETE', url: `/api/employees/${id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await get(id, addDays(today, -30))).statusCode).toBe(404);
    expect(await scheduledOf(id)).toEqual([]);

    const res = await revert((await lastEntry(id)).id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.message).toBe('Employee restored');

    expect(await readings(id)).toEqual(before);
    expect(await scheduledOf(id)).toEqual(scheduledBefore);
    expect(await timeline(id)).toEqual(timelineBefore);
  });

  it('answers 409 naming a grade only its scheduled version names, gone since, and writes nothing', async () => {
    const { id, senior, seniorPay } = await withVersions();
    const deleted = await t.callAsAdmin({ method: 'DELETE', url: `/api/employees/${id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const entry = await lastEntry(id);
    // With the employee gone nothing holds the grade: it can be deleted.
    expect(
      (await t.callAsAdmin({ method: 'DELETE', url: `/api/base-salary/${seniorPay.id}` })).statusCode,
    ).toBe(200);
    const gone = await t.callAsAdmin({ method: 'DELETE', url: `/api/grades/${senior.id}` });
    expect(gone.statusCode, gone.body).toBe(200);

    const res = await revert(entry.id);
    expect(res.statusCode).toBe(409);
    expect(res.envelope.error).toBe(ENTRY_REVERT_ERRORS.referenceGone);
    expect(res.envelope.message).toMatch(/^Cannot restore: the grade "Senior .*" no longer exists$/);
    expect((await get(id)).statusCode).toBe(404);
    expect((await lastEntry(id)).id).toBe(entry.id);
  });
});

import type { AuditEntry, AuditPage, PayHistoryRow } from '@salary/shared/audit/audit.contract';
import { ENTRY_REVERT_ERRORS, type EntryRevertResult } from '@salary/shared/audit/entry-revert.contract';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, employees, payHistory } from '../../src/db/schema.ts';
import { newCustomMultiplier, placeIn } from '../support/factories.ts';
import { ALL_PERMISSIONS, buildTestApp, type TestContext } from '../support/helper.ts';
import { currentSettings, unique } from '../support/route-requests.ts';

/*
 * Revert and Restore on an audit entry, over the real routes: an employee deleted comes back
 * under its id with every field and its pay history; an edit or a rule's update gets its
 * earlier values back; a record written again since, a reference gone or an id taken is a
 * 409 that writes nothing; who may is checked before anything is read back.
 */

let t: TestContext;
const tokens = { noDelete: '', onlyDelete: '', everything: '' };
let multiplierId = '';

beforeAll(async () => {
  t = await buildTestApp();
  tokens.noDelete = (await t.createUser({ ...ALL_PERMISSIONS, deleteEmployee: false })).token;
  tokens.onlyDelete = (await t.createUser({ deleteEmployee: true })).token;
  tokens.everything = (await t.createUser(ALL_PERMISSIONS)).token;
  const multiplier = newCustomMultiplier();
  await t.setSettings({ customMultipliers: [multiplier] });
  multiplierId = multiplier.id;
});
afterAll(async () => t.close());

async function counts() {
  return {
    employees: await t.countRows(employees),
    audit: await t.countRows(auditEntries),
    payHistory: await t.countRows(payHistory),
  };
}

const revert = (entryId: number, token = t.adminToken) =>
  t.call<EntryRevertResult>({ method: 'POST', url: `/api/audit/${entryId}/revert`, token });

/** The newest entry about a record. */
async function lastEntry(entityType: string, entityId?: number | string): Promise<AuditEntry> {
  const query = `entityType=${entityType}${entityId === undefined ? '' : `&entityId=${entityId}`}&limit=1`;
  const page = await t.callAsAdmin<AuditPage>({ method: 'GET', url: `/api/audit?${query}` });
  return page.envelope.data.entries[0]!;
}

const view = async (id: number) => {
  const res = await t.callAsAdmin<EmployeeView>({ method: 'GET', url: `/api/employees/${id}` });
  return res;
};
const history = async (id: number) =>
  (await t.callAsAdmin<PayHistoryRow[]>({ method: 'GET', url: `/api/employees/${id}/history` })).envelope
    .data;

/** A fresh company and an employee made through the API, every kind of field set. */
async function hired(over: Record<string, unknown> = {}) {
  const c = await t.newCompany(3000);
  const res = await t.callAsAdmin<EmployeeView>({
    method: 'POST',
    url: '/api/employees',
    payload: {
      name: unique('Ana'),
      technologyId: c.job.id,
      specializationId: c.position.id,
      gradeId: c.grade.id,
      levelId: c.level.id,
      yearsExperience: 4,
      yearsWithCompany: 2,
      offshoreProject: true,
      gender: 'FEMALE',
      hireDate: '2021-03-01',
      careerStartDate: '2019-06-15',
      leaveDate: '2030-01-31',
      customMultipliers: [multiplierId],
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { c, employee: res.envelope.data };
}

/** The employee's form body as read now, with `changes`. */
async function edit(id: number, changes: Record<string, unknown>) {
  const e = (await view(id)).envelope.data as unknown as Record<string, unknown>;
  const { id: _i, calculatedSalary: _s, accumulatedCost: _c, employmentStatus: _e, version: _v, ...rest } = e;
  for (const k of ['technology', 'specialization', 'grade', 'level']) delete rest[k];
  const res = await t.callAsAdmin({
    method: 'PUT',
    url: `/api/employees/${id}`,
    payload: { ...rest, ...changes },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function deleted(id: number) {
  const res = await t.callAsAdmin({ method: 'DELETE', url: `/api/employees/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return lastEntry('employee', id);
}

describe('Restore a deleted employee', () => {
  it('brings it back under the same id with every field, multiplier, day and its pay history', async () => {
    const { c, employee } = await hired();
    // A promotion: a second pay-history row before the delete.
    const level2 = await t.newLevel(unique('L'));
    await t.newBaseSalary(c.grade.id, level2.id, 4000);
    await edit(employee.id, { levelId: level2.id });
    const before = (await view(employee.id)).envelope.data;
    const historyBefore = await history(employee.id);
    expect(historyBefore.length).toBeGreaterThanOrEqual(2);

    const entry = await deleted(employee.id);
    expect((await view(employee.id)).statusCode).toBe(404);

    const res = await revert(entry.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.message).toBe('Employee restored');
    expect(res.envelope.data).toMatchObject({ entryId: entry.id, action: 'restore', entityId: employee.id });

    const after = (await view(employee.id)).envelope.data;
    const { version: _v1, ...was } = before;
    const { version: _v2, ...now } = after;
    expect(now).toEqual(was);
    expect(after.customMultipliers).toEqual([multiplierId]);
    expect([after.hireDate, after.careerStartDate, after.leaveDate]).toEqual([
      '2021-03-01',
      '2019-06-15',
      '2030-01-31',
    ]);
    // Every row of the history it had, and one more: the restore's first row again.
    const historyAfter = await history(employee.id);
    expect(historyAfter.slice(0, historyBefore.length)).toEqual(historyBefore);
    expect(historyAfter).toHaveLength(historyBefore.length + 1);
    expect(historyAfter.at(-1)!.grossAfter).toBe(after.calculatedSalary);

    const own = await lastEntry('employee', employee.id);
    expect(own).toMatchObject({
      id: res.envelope.data.revertId,
      action: 'restore',
      actorEmail: 'admin@example.com',
    });
    expect(own.summary).toBe(`Employee ${employee.name} restored`);
  });

  it('is refused once restored: the restore is a later write of the employee', async () => {
    const { employee } = await hired();
    const entry = await deleted(employee.id);
    expect((await revert(entry.id)).statusCode).toBe(200);
    const was = await counts();
    const again = await revert(entry.id);
    expect(again.statusCode).toBe(409);
    expect(again.envelope.error).toBe(ENTRY_REVERT_ERRORS.changedSince);
    expect(again.envelope.message).toMatch(
      /^Cannot restore: Employee .* was changed after this entry \(restore on .* by admin@example\.com\)$/,
    );
    expect(await counts()).toEqual(was);
  });

  it('answers 409 naming the grade when the grade is gone, and writes nothing', async () => {
    const { c, employee } = await hired();
    const entry = await deleted(employee.id);
    const grade = c.grade.name;
    expect(
      (await t.callAsAdmin({ method: 'DELETE', url: `/api/base-salary/${c.baseSalary.id}` })).statusCode,
    ).toBe(200);
    const gone = await t.callAsAdmin({ method: 'DELETE', url: `/api/grades/${c.grade.id}` });
    expect(gone.statusCode, gone.body).toBe(200);
    const was = await counts();
    const res = await revert(entry.id);
    expect(res.statusCode).toBe(409);
    expect(res.envelope.error).toBe(ENTRY_REVERT_ERRORS.referenceGone);
    expect(res.envelope.message).toBe(`Cannot restore: the grade "${grade}" no longer exists`);
    expect(await counts()).toEqual(was);
    expect((await view(employee.id)).statusCode).toBe(404);
  });

  it('answers 409 naming the job, the position or the custom multiplier that is gone', async () => {
    const { c, employee } = await hired({ customMultipliers: [] });
    const entry = await deleted(employee.id);
    const job = await t.callAsAdmin({ method: 'DELETE', url: `/api/jobs/${c.job.id}` });
    expect(job.statusCode, job.body).toBe(200);
    const res = await revert(entry.id);
    expect(res.statusCode).toBe(409);
    // Its position went with the job: the job is the cause.
    expect(res.envelope.message).toBe(`Cannot restore: the job "${c.job.name}" no longer exists`);

    const other = await hired();
    const otherEntry = await deleted(other.employee.id);
    const settings = await currentSettings(t);
    await t.callAsAdmin({
      method: 'PUT',
      url: '/api/settings',
      payload: { ...settings, customMultipliers: [] },
    });
    const refused = await revert(otherEntry.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.envelope.message).toBe(
      `Cannot restore: the custom multiplier ${multiplierId} no longer exists`,
    );
    await t.setSettings({ customMultipliers: [{ ...newCustomMultiplier(), id: multiplierId }] });
  });

  it('answers 409 when its id belongs to an employee again (written outside the app), writing nothing', async () => {
    const { c, employee } = await hired();
    const entry = await deleted(employee.id);
    await t.database.db.insert(employees).values({
      id: employee.id,
      name: unique('Squatter'),
      ...placeIn(c),
    });
    const was = await counts();
    const res = await revert(entry.id);
    expect(res.statusCode).toBe(409);
    expect(res.envelope.error).toBe(ENTRY_REVERT_ERRORS.idTaken);
    expect(res.envelope.message).toBe(`Cannot restore: employee ${employee.id} exists already`);
    expect(await counts()).toEqual(was);
  });

  it('needs deleteEmployee, as deleting does: without it 403 and nothing written; with it alone, restored', async () => {
    const { employee } = await hired();
    const entry = await deleted(employee.id);
    const was = await counts();
    const refused = await revert(entry.id, tokens.noDelete);
    expect(refused.statusCode).toBe(403);
    expect(await counts()).toEqual(was);
    const res = await revert(entry.id, tokens.onlyDelete);
    expect(res.statusCode, res.body).toBe(200);
    expect((await view(employee.id)).statusCode).toBe(200);
  });
});

describe("Revert an employee's edit", () => {
  it('puts back exactly the values before it, as its own entry', async () => {
    const { c, employee } = await hired();
    const level2 = await t.newLevel(unique('L'));
    await t.newBaseSalary(c.grade.id, level2.id, 4000);
    const before = (await view(employee.id)).envelope.data;
    await edit(employee.id, { name: unique('Renamed'), levelId: level2.id, customMultipliers: [] });
    const entry = await lastEntry('employee', employee.id);
    const res = await revert(entry.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.message).toBe('Change reverted');
    const after = (await view(employee.id)).envelope.data;
    const { version: _a, ...was } = before;
    const { version: _b, ...now } = after;
    expect(now).toEqual(was);
    const own = await lastEntry('employee', employee.id);
    expect(own.action).toBe('revert');
    expect(own.details).toMatchObject({ revertOf: entry.id });
    expect(own.summary).toMatch(/^Employee .* reverted: /);
    // The pay moved back: its own history row.
    expect((await history(employee.id)).at(-1)!.grossAfter).toBe(before.calculatedSalary);
  });

  it('is refused whole when the employee was written since, naming when and by whom', async () => {
    const { employee } = await hired();
    await edit(employee.id, { name: unique('First') });
    const entry = await lastEntry('employee', employee.id);
    const latest = unique('Second');
    await edit(employee.id, { name: latest });
    const was = await counts();
    const res = await revert(entry.id);
    expect(res.statusCode).toBe(409);
    expect(res.envelope.error).toBe(ENTRY_REVERT_ERRORS.changedSince);
    expect(res.envelope.message).toMatch(
      /was changed after this entry \(update on .* by admin@example\.com\)$/,
    );
    expect(await counts()).toEqual(was);
    expect((await view(employee.id)).envelope.data.name).toBe(latest);
  });

  it('is for administrators only: a user with every permission gets 403', async () => {
    const { employee } = await hired();
    await edit(employee.id, { name: unique('Third') });
    const entry = await lastEntry('employee', employee.id);
    const was = await counts();
    expect((await revert(entry.id, tokens.everything)).statusCode).toBe(403);
    expect(await counts()).toEqual(was);
  });
});

describe("Revert a rule's update", () => {
  const get = async <T>(url: string) => (await t.callAsAdmin<T>({ method: 'GET', url })).envelope.data;
  const put = async (url: string, payload: Record<string, unknown>) => {
    const res = await t.callAsAdmin({ method: 'PUT', url, payload });
    expect(res.statusCode, res.body).toBe(200);
  };

  /** Updates through `change`, reverts its entry, and answers the entry. */
  async function changedAndReverted(
    entityType: string,
    entityId: number | undefined,
    change: () => Promise<void>,
  ) {
    await change();
    const entry = await lastEntry(entityType, entityId);
    expect(entry.action).toBe('update');
    const res = await revert(entry.id);
    expect(res.statusCode, res.body).toBe(200);
    const own = await lastEntry(entityType, entityId);
    expect(own).toMatchObject({ action: 'revert', details: expect.objectContaining({ revertOf: entry.id }) });
    return entry;
  }

  it('jobs, levels, grades and positions get their names (and job) back', async () => {
    const c = await t.newCompany(3000);
    const otherJob = await t.newJob();
    await changedAndReverted('job', c.job.id, () => put(`/api/jobs/${c.job.id}`, { name: unique('Job') }));
    await changedAndReverted('level', c.level.id, () =>
      put(`/api/levels/${c.level.id}`, { name: unique('Level') }),
    );
    await changedAndReverted('grade', c.grade.id, () =>
      put(`/api/grades/${c.grade.id}`, { name: unique('Grade') }),
    );
    await changedAndReverted('position', c.otherPosition.id, () =>
      put(`/api/positions/${c.otherPosition.id}`, { name: unique('Position'), jobId: otherJob.id }),
    );
    const names = async (url: string, id: number) =>
      (await get<Array<{ id: number; name: string; jobId?: number }>>(url)).find((r) => r.id === id);
    expect((await names('/api/jobs', c.job.id))!.name).toBe(c.job.name);
    expect((await names('/api/levels', c.level.id))!.name).toBe(c.level.name);
    expect((await names('/api/grades', c.grade.id))!.name).toBe(c.grade.name);
    expect(await names('/api/positions', c.otherPosition.id)).toMatchObject({
      name: c.otherPosition.name,
      jobId: c.job.id,
    });
  });

  it('a base salary and an adjustment factor get their amounts back, and the pay moves back', async () => {
    const { c, employee } = await hired({ customMultipliers: [] });
    const gross = (await view(employee.id)).envelope.data.calculatedSalary;
    await changedAndReverted('baseSalary', c.baseSalary.id, () =>
      put(`/api/base-salary/${c.baseSalary.id}`, {
        gradeId: c.grade.id,
        levelId: c.level.id,
        amount: 4321.5,
      }),
    );
    const salaries = await get<Array<{ id: number; amount: number }>>('/api/base-salary');
    expect(salaries.find((s) => s.id === c.baseSalary.id)!.amount).toBe(3000);
    expect((await view(employee.id)).envelope.data.calculatedSalary).toBe(gross);

    const factor = await t.newFactor(c.job.id, c.position.id, 'PERCENTAGE', 0.05);
    await changedAndReverted('adjustmentFactor', factor.id, () =>
      put(`/api/adjustment-factors/${factor.id}`, {
        jobId: c.job.id,
        positionId: c.position.id,
        type: 'FIXED',
        factor: 250,
      }),
    );
    const factors = await get<Array<{ id: number; type: string; factor: number }>>('/api/adjustment-factors');
    expect(factors.find((f) => f.id === factor.id)).toMatchObject({ type: 'PERCENTAGE', factor: 0.05 });
  });

  it('settings get their values back', async () => {
    const before = await currentSettings(t);
    await changedAndReverted('settings', undefined, () =>
      put('/api/settings', { ...before, experienceMultiplier: Number(before.experienceMultiplier) + 0.5 }),
    );
    const { version: _a, ...was } = before;
    const { version: _b, ...now } = await currentSettings(t);
    expect(now).toEqual(was);
  });

  it('is refused whole when the rule was written since', async () => {
    const job = await t.newJob();
    await put(`/api/jobs/${job.id}`, { name: unique('Job') });
    const entry = await lastEntry('job', job.id);
    const latest = unique('Job');
    await put(`/api/jobs/${job.id}`, { name: latest });
    const was = await counts();
    const res = await revert(entry.id);
    expect(res.statusCode).toBe(409);
    expect(res.envelope.error).toBe(ENTRY_REVERT_ERRORS.changedSince);
    expect(await counts()).toEqual(was);
    expect(
      (await get<Array<{ id: number; name: string }>>('/api/jobs')).find((j) => j.id === job.id)!.name,
    ).toBe(latest);
  });

  it('is for administrators only: a user with manageSettings gets 403', async () => {
    const job = await t.newJob();
    await put(`/api/jobs/${job.id}`, { name: unique('Job') });
    const entry = await lastEntry('job', job.id);
    const was = await counts();
    expect((await revert(entry.id, tokens.everything)).statusCode).toBe(403);
    expect(await counts()).toEqual(was);
  });
});

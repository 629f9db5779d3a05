import { addDays, todayIn } from '@salary/shared/common/calendar-day';
import type { ScheduledChange } from '@salary/shared/employees/dated.contract';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, loadWorkbook, sheetValues } from '../excel/excel-files.ts';
import { datedCompany, setTimeZone } from '../support/dated-company.ts';
import { addEmployee } from '../support/employee-forms.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import { saveBaseSalaryFrom } from '../support/rules-api.ts';

/*
 * Dated employees end to end: a change of job, position, grade, level, years, flags or custom
 * multipliers takes effect from `?effectiveFrom=` (default today); reads take `?asOf=`; a change
 * for a day still to come waits in the scheduled changes, can be cancelled before its day, and
 * takes effect by itself once its day has come in the company's time zone.
 */

let t: TestContext;
let c: Awaited<ReturnType<TestContext['newCompany']>>;
let higher: { id: number };
let body: Record<string, unknown>;

const get = (id: number, query = '') =>
  t.callAsAdmin<EmployeeView & { version: number }>({ method: 'GET', url: `/api/employees/${id}${query}` });
const list = (query = '') => t.callAsAdmin<EmployeeView[]>({ method: 'GET', url: `/api/employees${query}` });
/** Each employee's name: a write sends it unchanged (names are not dated: they change at once). */
const names = new Map<number, string>();
const put = (id: number, payload: Record<string, unknown>, query = '') =>
  t.callAsAdmin<EmployeeView>({
    method: 'PUT',
    url: `/api/employees/${id}${query}`,
    payload: { ...body, name: names.get(id), ...payload },
  });
const scheduled = async () =>
  (await t.callAsAdmin<ScheduledChange[]>({ method: 'GET', url: '/api/scheduled-changes' })).envelope.data;
type Entry = {
  actorEmail: string;
  entityId: string | null;
  changes: unknown[];
  details: Record<string, unknown>;
};
/** The audit entries about one employee, newest first. */
const entriesOf = async (id: number) =>
  (
    await t.callAsAdmin<{ entries: Entry[] }>({
      method: 'GET',
      url: `/api/audit?entityType=employee&entityId=${id}&limit=100`,
    })
  ).envelope.data.entries;
const auditCount = async (id: number) => (await entriesOf(id)).length;

async function newEmployee(name: string): Promise<number> {
  const { id } = await addEmployee(t, { ...body, name });
  names.set(id, name);
  return id;
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ c, senior: higher, body } = await datedCompany(t));
  // Working remotely moves the pay too.
  await t.setSettings({ remoteMultiplier: 5 });
});
afterAll(async () => t.close());

describe('an employee written before versions existed, or without a day', () => {
  it('reads the same on every day: its one version has no start', async () => {
    const id = await newEmployee('Timeless');
    const today = (await get(id)).body;
    const past = await get(id, `?asOf=${addDays(todayIn('UTC'), -400)}`);
    const future = await get(id, `?asOf=${addDays(todayIn('UTC'), 400)}`);
    // The grade and the pay are the same; only what is counted as of the day (years, status) moves.
    for (const res of [past, future]) {
      expect(res.statusCode).toBe(200);
      expect(res.envelope.data.gradeId).toBe(c.grade.id);
      expect(res.envelope.data.calculatedSalary).toBeTypeOf('number');
    }
    expect((await get(id, `?asOf=${todayIn('UTC')}`)).body).toBe(today);
  });
});

describe('bad days', () => {
  it('refuses a malformed effectiveFrom or asOf with a 400 naming it, writing nothing', async () => {
    const id = await newEmployee('Careful');
    const before = (await get(id)).body;
    const entries = await auditCount(id);
    for (const bad of ['2026-02-30', '27.11.2026', 'tomorrow', '2026-1-5']) {
      const q = `?effectiveFrom=${encodeURIComponent(bad)}`;
      for (const res of [
        await put(id, { gradeId: higher.id }, q),
        await t.callAsAdmin({ method: 'POST', url: `/api/employees${q}`, payload: body }),
      ]) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.body).toContain('Effective From must be a date written YYYY-MM-DD');
        expect(res.body).toContain('effectiveFrom');
      }
      for (const res of [
        await get(id, `?asOf=${encodeURIComponent(bad)}`),
        await list(`?asOf=${encodeURIComponent(bad)}`),
      ]) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.body).toContain('As Of must be a date written YYYY-MM-DD');
        expect(res.body).toContain('asOf');
      }
    }
    expect((await get(id)).body).toBe(before);
    expect(await auditCount(id)).toBe(entries);
  });
});

describe('a change dated in the future', () => {
  it('leaves every answer as of today byte-identical, and shows on its day', async () => {
    const id = await newEmployee('Future Promotion');
    const today = todayIn('UTC');
    const day = addDays(today, 30);
    const snapshot = async () => ({
      list: (await list('?status=all')).body,
      employee: (await get(id)).body,
      insights: (await t.callAsAdmin({ method: 'GET', url: '/api/insights' })).body,
      exported: sheetValues(
        (await loadWorkbook((await download(t, '/api/employees/export?status=all', t.adminToken)).bytes))
          .worksheets[0]!,
      ),
    });
    const before = await snapshot();
    const gross = (await get(id)).envelope.data.calculatedSalary;

    const res = await put(id, { gradeId: higher.id, remote: true }, `?effectiveFrom=${day}`);
    expect(res.statusCode, res.body).toBe(200);
    // The answer is the employee as of today: nothing moved yet.
    expect(res.envelope.data.gradeId).toBe(c.grade.id);
    expect(await snapshot()).toEqual(before);

    const onDay = (await get(id, `?asOf=${day}`)).envelope.data;
    expect(onDay.gradeId).toBe(higher.id);
    expect(onDay.remote).toBe(true);
    expect(onDay.calculatedSalary).toBeGreaterThan(gross as number);
    expect((await get(id, `?asOf=${addDays(day, -1)}`)).envelope.data.gradeId).toBe(c.grade.id);
    const inList = (await list(`?asOf=${day}&status=all`)).envelope.data.find((e) => e.id === id);
    expect(inList?.gradeId).toBe(higher.id);

    const waiting = (await scheduled()).filter((s) => s.employeeId === id);
    expect(waiting).toEqual([
      {
        id: expect.any(Number),
        kind: 'employee',
        subjectName: 'Future Promotion',
        employeeId: id,
        employeeName: 'Future Promotion',
        effectiveFrom: day,
        changes: [
          { field: 'gradeId', before: c.grade.id, after: higher.id },
          { field: 'remote', before: false, after: true },
        ],
        recordedBy: 'admin@example.com',
        recordedAt: expect.any(String),
      },
    ]);
  });

  it('never overwrites a later scheduled version; a cancel brings the day back as it was', async () => {
    const id = await newEmployee('Two Steps');
    const today = todayIn('UTC');
    expect((await put(id, { gradeId: higher.id }, `?effectiveFrom=${addDays(today, 60)}`)).statusCode).toBe(
      200,
    );
    // An earlier one, written after: from day 20 up to day 60, then the later one still holds.
    expect((await put(id, { pillar: true }, `?effectiveFrom=${addDays(today, 20)}`)).statusCode).toBe(200);
    expect((await get(id, `?asOf=${addDays(today, 30)}`)).envelope.data).toMatchObject({
      pillar: true,
      gradeId: c.grade.id,
    });
    expect((await get(id, `?asOf=${addDays(today, 60)}`)).envelope.data).toMatchObject({
      pillar: false,
      gradeId: higher.id,
    });

    const [first] = (await scheduled()).filter((s) => s.employeeId === id);
    expect(first?.effectiveFrom).toBe(addDays(today, 20));
    const entries = await auditCount(id);
    const viewer = await t.createUser({});
    const refused = await t.call({
      method: 'DELETE',
      url: `/api/scheduled-changes/${first!.id}`,
      token: viewer.token,
    });
    expect(refused.statusCode).toBe(403);
    const cancelled = await t.callAsAdmin({ method: 'DELETE', url: `/api/scheduled-changes/${first!.id}` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.envelope.message).toBe('Scheduled change cancelled');
    expect(await auditCount(id)).toBe(entries + 1);
    expect((await entriesOf(id))[0]?.changes).toEqual([{ field: 'pillar', before: true, after: false }]);
    expect((await get(id, `?asOf=${addDays(today, 30)}`)).envelope.data.pillar).toBe(false);
    expect((await scheduled()).filter((s) => s.employeeId === id).map((s) => s.effectiveFrom)).toEqual([
      addDays(today, 60),
    ]);
    const again = await t.callAsAdmin({ method: 'DELETE', url: `/api/scheduled-changes/${first!.id}` });
    expect(again.statusCode).toBe(404);
  });
});

describe('a change dated in the past', () => {
  it('holds from its day up to the next version, and today only when none came after it', async () => {
    const id = await newEmployee('Back Dated');
    const today = todayIn('UTC');
    expect((await put(id, { gradeId: higher.id }, `?effectiveFrom=${addDays(today, -5)}`)).statusCode).toBe(
      200,
    );
    expect((await get(id)).envelope.data.gradeId).toBe(higher.id);
    expect((await get(id, `?asOf=${addDays(today, -6)}`)).envelope.data.gradeId).toBe(c.grade.id);
    // Earlier still: it holds from day -10 to day -6; today is still the version of day -5.
    expect(
      (await put(id, { gradeId: c.grade.id, remote: true }, `?effectiveFrom=${addDays(today, -10)}`))
        .statusCode,
    ).toBe(200);
    expect((await get(id)).envelope.data).toMatchObject({ gradeId: higher.id, remote: false });
    expect((await get(id, `?asOf=${addDays(today, -7)}`)).envelope.data).toMatchObject({
      gradeId: c.grade.id,
      remote: true,
    });
    expect((await scheduled()).some((s) => s.employeeId === id)).toBe(false);
  });
});

describe('the day of a scheduled change comes', () => {
  it('applies it before the next read, audited as the system; then it can no longer be cancelled', async () => {
    // Pago Pago (UTC−11) and Kiritimati (UTC+14) are never on the same day: moving the
    // company's zone from one to the other brings a later day without touching the clock.
    await setTimeZone(t, 'Pacific/Pago_Pago');
    const id = await newEmployee('Comes Due');
    const day = todayIn('Pacific/Kiritimati');
    expect(day > todayIn('Pacific/Pago_Pago')).toBe(true);
    expect((await put(id, { gradeId: higher.id }, `?effectiveFrom=${day}`)).statusCode).toBe(200);
    const waiting = (await scheduled()).find((s) => s.employeeId === id)!;
    const before = (await get(id)).envelope.data;
    expect(before.gradeId).toBe(c.grade.id);

    await setTimeZone(t, 'Pacific/Kiritimati');
    const after = (await get(id)).envelope.data;
    expect(after.gradeId).toBe(higher.id);
    expect(after.calculatedSalary).toBeGreaterThan(before.calculatedSalary as number);
    expect(after.version).toBe(before.version + 1);
    expect((await scheduled()).some((s) => s.employeeId === id)).toBe(false);

    const [applied] = await entriesOf(id);
    expect(applied?.actorEmail).toBe('system');
    expect(applied?.changes).toEqual([{ field: 'gradeId', before: c.grade.id, after: higher.id }]);

    const late = await t.callAsAdmin({ method: 'DELETE', url: `/api/scheduled-changes/${waiting.id}` });
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('already taken effect');
    await setTimeZone(t, 'UTC');
  });
});

describe('who may read and cancel scheduled changes', () => {
  it('any signed-in user reads them; nobody signed out does', async () => {
    const viewer = await t.createUser({});
    const res = await t.call<ScheduledChange[]>({
      method: 'GET',
      url: '/api/scheduled-changes',
      token: viewer.token,
    });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.envelope.data)).toBe(true);
    expect((await t.call({ method: 'GET', url: '/api/scheduled-changes' })).statusCode).toBe(401);
    expect((await t.call({ method: 'DELETE', url: '/api/scheduled-changes/1' })).statusCode).toBe(401);
  });
});

describe('the pay timeline', () => {
  it('lists one period per version with its pay and what started it; figures as the caller may see', async () => {
    const id = await newEmployee('Timeline');
    const today = todayIn('UTC');
    const back = addDays(today, -20);
    const ahead = addDays(today, 40);
    expect((await put(id, { remote: true }, `?effectiveFrom=${back}`)).statusCode).toBe(200);
    expect((await put(id, { remote: true, gradeId: higher.id }, `?effectiveFrom=${ahead}`)).statusCode).toBe(
      200,
    );
    const gross = async (day: string) => (await get(id, `?asOf=${day}`)).envelope.data.calculatedSalary;
    const cost = async (day: string) => (await get(id, `?asOf=${day}`)).envelope.data.accumulatedCost;

    const res = await t.callAsAdmin({ method: 'GET', url: `/api/employees/${id}/pay-timeline` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.data).toEqual([
      {
        from: null,
        to: addDays(back, -1),
        grossSalary: await gross(addDays(back, -1)),
        totalCost: await cost(addDays(back, -1)),
        cause: { kind: 'first', changes: [], scheduled: false },
      },
      {
        from: back,
        to: addDays(ahead, -1),
        grossSalary: await gross(back),
        totalCost: await cost(back),
        cause: {
          kind: 'change',
          changes: [{ field: 'remote', before: false, after: true }],
          scheduled: false,
        },
      },
      {
        from: ahead,
        to: null,
        grossSalary: await gross(ahead),
        totalCost: await cost(ahead),
        cause: {
          kind: 'change',
          changes: [{ field: 'gradeId', before: c.grade.id, after: higher.id }],
          scheduled: true,
        },
      },
    ]);
    // Each period's pay is its own: the three differ here.
    const figures = (res.envelope.data as Array<{ grossSalary: number }>).map((p) => p.grossSalary);
    expect(new Set(figures).size).toBe(3);

    const url = `/api/employees/${id}/pay-timeline`;
    const none = await t.createUser({});
    expect((await t.call({ method: 'GET', url, token: none.token })).statusCode).toBe(403);
    const salaryOnly = await t.createUser({ showSalary: true });
    const s = await t.call<Array<Record<string, unknown>>>({ method: 'GET', url, token: salaryOnly.token });
    expect(s.envelope.data.every((p) => 'grossSalary' in p && !('totalCost' in p))).toBe(true);
    const costOnly = await t.createUser({ showCost: true });
    const k = await t.call<Array<Record<string, unknown>>>({ method: 'GET', url, token: costOnly.token });
    expect(k.envelope.data.every((p) => 'totalCost' in p && !('grossSalary' in p))).toBe(true);
    expect(
      (await t.callAsAdmin({ method: 'GET', url: '/api/employees/999999/pay-timeline' })).statusCode,
    ).toBe(404);
  });
  it('splits where a dated salary rule moves this pay, and not where a rule moves only others', async () => {
    // A grade of its own at 5,000.00: raised to 5,500.00 from 10 days back, to 6,000.00 from 30
    // days ahead; another grade's base salary changes 5 days back, which this pay does not follow.
    const own = await t.newGrade('Timeline grade', 70);
    const other = await t.newGrade('Other grade', 71);
    const ownBase = await t.newBaseSalary(own.id, c.level.id, 5000);
    const otherBase = await t.newBaseSalary(other.id, c.level.id, 5000);
    const res = await t.callAsAdmin<EmployeeView>({
      method: 'POST',
      url: '/api/employees',
      payload: { ...body, name: 'Rule Timeline', gradeId: own.id },
    });
    const id = res.envelope.data.id;
    const today = todayIn('UTC');
    const raise = async (base: { id: number }, gradeId: number, amount: number, day: string) => {
      const saved = await saveBaseSalaryFrom(t, base.id, { gradeId, levelId: c.level.id, amount }, day);
      expect(saved.statusCode, saved.body).toBe(200);
    };
    await raise(ownBase, own.id, 5500, addDays(today, -10));
    await raise(otherBase, other.id, 5200, addDays(today, -5));
    await raise(ownBase, own.id, 6000, addDays(today, 30));
    const gross = async (day: string) => (await get(id, `?asOf=${day}`)).envelope.data.calculatedSalary;
    const timeline = await t.callAsAdmin<Array<Record<string, unknown>>>({
      method: 'GET',
      url: `/api/employees/${id}/pay-timeline`,
    });
    expect(timeline.statusCode, timeline.body).toBe(200);
    const rule = (scheduled: boolean) => ({ kind: 'rule', changes: [], scheduled });
    expect(timeline.envelope.data.map(({ totalCost: _, ...p }) => p)).toEqual([
      {
        from: null,
        to: addDays(today, -11),
        grossSalary: await gross(addDays(today, -11)),
        cause: { kind: 'first', changes: [], scheduled: false },
      },
      {
        from: addDays(today, -10),
        to: addDays(today, 29),
        grossSalary: await gross(today),
        cause: rule(false),
      },
      { from: addDays(today, 30), to: null, grossSalary: await gross(addDays(today, 30)), cause: rule(true) },
    ]);
    const figures = timeline.envelope.data.map((p) => p.grossSalary);
    expect(new Set(figures).size).toBe(3);
  });
  it("prices each period as the employee reads on its day: a rule on a version's day, a rule from tomorrow, a leaver's scheduled change", async () => {
    // A grade of its own at 4,000.00; the employee left two days ago. From 20 days back it works
    // remotely and its base salary is raised that same day; the base salary is raised again
    // from tomorrow (the day before is today); it joins the pillar in 10 days, and the base
    // salary is raised a third time in 30.
    const own = await t.newGrade('Same-day grade', 72);
    const ownBase = await t.newBaseSalary(own.id, c.level.id, 4000);
    const today = todayIn('UTC');
    const dated = { gradeId: own.id, leaveDate: addDays(today, -2) };
    const { id } = await addEmployee(t, { ...body, ...dated, name: 'Same Day' });
    names.set(id, 'Same Day');
    const raise = async (amount: number, day: string) => {
      const saved = await saveBaseSalaryFrom(
        t,
        ownBase.id,
        { gradeId: own.id, levelId: c.level.id, amount },
        day,
      );
      expect(saved.statusCode, saved.body).toBe(200);
    };
    const back = addDays(today, -20);
    expect((await put(id, { ...dated, remote: true }, `?effectiveFrom=${back}`)).statusCode).toBe(200);
    await raise(4400, back);
    await raise(4800, addDays(today, 1));
    expect(
      (await put(id, { ...dated, remote: false }, `?effectiveFrom=${addDays(today, 10)}`)).statusCode,
    ).toBe(200);
    await raise(5200, addDays(today, 30));

    const res = await t.callAsAdmin<Array<Record<string, unknown>>>({
      method: 'GET',
      url: `/api/employees/${id}/pay-timeline`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const asOf = async (day: string) => {
      const { calculatedSalary, accumulatedCost } = (await get(id, `?asOf=${day}`)).envelope.data;
      return { grossSalary: calculatedSalary, totalCost: accumulatedCost };
    };
    const rule = (scheduled: boolean) => ({ kind: 'rule', changes: [], scheduled });
    expect(res.envelope.data).toEqual([
      {
        from: null,
        to: addDays(back, -1),
        ...(await asOf(addDays(back, -1))),
        cause: { kind: 'first', changes: [], scheduled: false },
      },
      // The raise on the version's own day is in that period's pay: no period of its own.
      {
        from: back,
        to: today,
        ...(await asOf(back)),
        cause: {
          kind: 'change',
          changes: [{ field: 'remote', before: false, after: true }],
          scheduled: false,
        },
      },
      {
        from: addDays(today, 1),
        to: addDays(today, 9),
        ...(await asOf(addDays(today, 1))),
        cause: rule(true),
      },
      {
        from: addDays(today, 10),
        to: addDays(today, 29),
        ...(await asOf(addDays(today, 10))),
        cause: {
          kind: 'change',
          changes: [{ field: 'remote', before: true, after: false }],
          scheduled: true,
        },
      },
      { from: addDays(today, 30), to: null, ...(await asOf(addDays(today, 30))), cause: rule(true) },
    ]);
    // Every period's pay is its own: each raise and the remote work move it.
    const figures = res.envelope.data.map((p) => p.grossSalary);
    expect(new Set(figures).size).toBe(5);
    expect(figures[1]).toBe((await asOf(today)).grossSalary);
  });
});

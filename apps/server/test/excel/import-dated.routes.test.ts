import type { AuditEntry, AuditPage } from '@salary/shared/audit/audit.contract';
import type { ImportRevertResult } from '@salary/shared/audit/import-revert.contract';
import { todayIn } from '@salary/shared/common/calendar-day';
import { asCents, fromCents, toCents } from '@salary/shared/common/money';
import type { ScheduledChange } from '@salary/shared/employees/dated.contract';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, employees, employeeVersions, payHistory } from '../../src/db/schema.ts';
import { setTimeZone } from '../support/dated-company.ts';
import { owedFor, plusDays } from '../support/days.ts';
import { versionedFormOf } from '../support/employee-forms.ts';
import { testAppForFile } from '../support/helper.ts';
import {
  type Cells,
  download,
  downloadedRows,
  IMPORT_HEADER,
  importFile,
  importRow,
  importSheet,
  sheetTexts,
  xlsxOf,
} from './excel-files.ts';

/*
 * The import dated by `?effectiveFrom=`, over the real routes: each row's job, position, grade,
 * level, years and flags become a version from that day, as a dated write of one employee does
 * — a past day moves the lists from that day on and owes back pay, a day to come waits in the
 * scheduled changes and leaves every answer as of today as it was, a later version is never
 * overwritten, and the import's revert takes back exactly the versions it wrote.
 */

const t = testAppForFile();
let today: string;
let seq = 0;
const unique = (p: string) => `${p} ${++seq}-${Math.random().toString(36).slice(2, 6)}`;

beforeAll(async () => {
  await setTimeZone(t, 'UTC');
  today = todayIn('UTC');
  // Working remotely moves the pay too.
  await t.setSettings({ remoteMultiplier: 5 });
});

/** A little company of its own: grade G at 4,000 and a higher grade Senior at 6,000 on its level. */
async function company() {
  const c = await t.newCompany(4000);
  const senior = await t.newGrade(unique('Senior'), 50);
  await t.newBaseSalary(senior.id, c.level.id, 6000);
  return { ...c, senior };
}
type Company = Awaited<ReturnType<typeof company>>;

/** `n` employees of `c` with no days (each figure the same on every day), i years of experience each. */
async function staff(c: Company, n: number) {
  const out: Array<{ id: number; name: string; years: number }> = [];
  for (let i = 0; i < n; i++) {
    const name = unique('Worker');
    out.push({ id: await t.newEmployeeOf(c, { name, yearsExperience: i }), name, years: i });
  }
  return out;
}

/** A row of the file for an existing employee, its cells as stored, `changes` over them. */
const rowOf = (
  c: Company,
  e: { id: number; name: string; years: number },
  changes: Record<string, Cells[number]> = {},
) => importRow(c, { ID: e.id, Name: e.name, 'Years of Experience': e.years, ...changes });

/** POST /api/employees/import with these rows (no Row Keys: every change is ticked, as `overwrite=all`). */
async function importRows(rows: Cells[], query: string) {
  return importSheet(t, [IMPORT_HEADER, ...rows], { query: `?overwrite=all&${query}` });
}

const get = (id: number, asOf?: string) =>
  t.callAsAdmin<EmployeeView>({ method: 'GET', url: `/api/employees/${id}${asOf ? `?asOf=${asOf}` : ''}` });
const list = (asOf?: string) =>
  t.callAsAdmin<EmployeeView[]>({
    method: 'GET',
    url: `/api/employees?status=all${asOf ? `&asOf=${asOf}` : ''}`,
  });
const scheduled = async () =>
  (await t.callAsAdmin<ScheduledChange[]>({ method: 'GET', url: '/api/scheduled-changes' })).envelope.data;
async function lastImport(): Promise<AuditEntry> {
  const page = await t.callAsAdmin<AuditPage>({ method: 'GET', url: '/api/audit?entityType=import&limit=1' });
  return page.envelope.data.entries[0]!;
}

/** A dated save of employee `id`'s form as read now, with `changes`, from `day`. */
async function saveFrom(id: number, day: string, changes: object) {
  return t.callAsAdmin({
    method: 'PUT',
    url: `/api/employees/${id}?effectiveFrom=${day}`,
    payload: versionedFormOf((await get(id)).envelope.data, changes),
  });
}

/** The rows of these employees and their versions as stored (ids and times aside). */
async function stored(ids: number[]) {
  const db = t.database.db;
  const rows = await db.select().from(employees).where(inArray(employees.id, ids)).orderBy(asc(employees.id));
  const versions = await db
    .select()
    .from(employeeVersions)
    .where(inArray(employeeVersions.employeeId, ids))
    .orderBy(asc(employeeVersions.employeeId), asc(employeeVersions.effectiveFrom));
  return {
    rows: rows.map(({ version: _v, updatedBy: _b, createdAt: _c, updatedAt: _u, ...fields }) => fields),
    versions: versions.map(({ id: _id, recordedAt: _at, recordedBy: _by, ...v }) => v),
  };
}

/** The pay-history rows an entry recorded: employee → gross after, in cents. */
async function historyOf(entryId: number): Promise<Map<number, number | null>> {
  const rows = await t.database.db.select().from(payHistory).where(eq(payHistory.auditId, entryId));
  return new Map(rows.map((r) => [r.employeeId, r.grossAfter === null ? null : Number(r.grossAfter)]));
}

describe('an import dated in the past', () => {
  it('moves the lists from its day on, owes each employee the exact day-by-day back pay, and keeps it', async () => {
    const c = await company();
    const people = await staff(c, 3);
    // One promoted, one working remotely, one demoted back (owed a negative amount).
    await saveFrom(people[2]!.id, plusDays(today, -400), { gradeId: c.senior.id });
    // 40 days back: always across a month's end.
    const day = plusDays(today, -40);
    const ids = people.map((p) => p.id);
    const before = {
      today: (await list()).body,
      eve: (await list(plusDays(day, -1))).body,
      earlier: (await list(plusDays(day, -15))).body,
      gross: new Map(
        await Promise.all(
          ids.map(async (id) => [id, (await get(id, day)).envelope.data.calculatedSalary!] as const),
        ),
      ),
    };
    const rows = [
      rowOf(c, people[0]!, { Grade: c.senior.name }),
      rowOf(c, people[1]!, { Remote: 'Yes' }),
      rowOf(c, people[2]!, { Grade: c.grade.name }),
    ];

    // The preview takes the same day: the changes against the employees as on it, and the
    // gross from it, before anything is written.
    const preview = await importRows(rows, `dryRun=true&effectiveFrom=${day}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.envelope.data).toMatchObject({ updated: 3, created: 0, effectiveFrom: day });
    expect(preview.envelope.data.conflicts.map((x) => x.changes.map((ch) => ch.field))).toEqual([
      ['gradeId'],
      ['remote'],
      ['gradeId'],
    ]);
    expect((await list()).body).toBe(before.today);

    const res = await importRows(rows, `effectiveFrom=${day}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.envelope.data;
    expect(report).toMatchObject({ updated: 3, effectiveFrom: day });

    // Days before it: exactly the lists before the import. Its day and after: the file's values.
    expect((await list(plusDays(day, -1))).body).toBe(before.eve);
    expect((await list(plusDays(day, -15))).body).toBe(before.earlier);
    for (const asOf of [day, plusDays(day, 20), undefined]) {
      const shown = (await list(asOf)).envelope.data;
      const of = (id: number) => shown.find((e) => e.id === id)!;
      expect(of(ids[0]!).gradeId).toBe(c.senior.id);
      expect(of(ids[1]!).remote).toBe(true);
      expect(of(ids[2]!).gradeId).toBe(c.grade.id);
    }
    // What the preview showed is what was written.
    for (const ch of preview.envelope.data.conflicts)
      expect(ch.grossAfter).toBe((await get(ch.id, day)).envelope.data.calculatedSalary);

    // Back pay: per employee the exact sum over the days since, in the answer and the entry.
    const backPay = report.backPay!;
    expect(backPay).toMatchObject({ from: day, to: plusDays(today, -1), employeeCount: 3 });
    let total = 0;
    for (const id of ids) {
      const monthly =
        toCents((await get(id, day)).envelope.data.calculatedSalary!) - toCents(before.gross.get(id)!);
      expect(monthly).not.toBe(0);
      const owed = backPay.employees.find((e) => e.id === id)!;
      expect(owed.gross, `employee ${id}`).toBe(owedFor(monthly, day, today));
      total += toCents(owed.gross!);
    }
    expect(backPay.employees.find((e) => e.id === ids[2])!.gross).toBeLessThan(0);
    expect(backPay.totals.gross).toBe(fromCents(asCents(total)));

    const entry = await lastImport();
    expect(entry.details).toMatchObject({ effectiveFrom: day });
    // Its pay history: today's pay before → after, as the list shows it now.
    const history = await historyOf(entry.id);
    for (const id of ids)
      expect(history.get(id)).toBe(toCents((await get(id)).envelope.data.calculatedSalary!));
    expect((entry.details as { backPay: { totals: unknown } }).backPay.totals).toEqual(backPay.totals);
    const file = await download(t, `/api/audit/${entry.id}/back-pay.xlsx`, t.adminToken);
    expect(file.statusCode).toBe(200);
    const sheet = await sheetTexts(file.bytes);
    expect(sheet).toHaveLength(1 + 3 + 1);
    expect(sheet[4]![0]).toBe(`Total (${day} to ${plusDays(today, -1)})`);
    expect(sheet[4]![3]).toBe(String(backPay.totals.gross));
  });

  it('holds up to the next version: a change already come since keeps holding today', async () => {
    const c = await company();
    const [e] = await staff(c, 1);
    const put = await saveFrom(e!.id, plusDays(today, -5), { gradeId: c.senior.id });
    expect(put.statusCode, put.body).toBe(200);
    // A write all the same (its version moves, as a dated save's does); its fields stay today's.
    const { version: _v, ...now } = (await get(e!.id)).envelope.data as EmployeeView & { version: number };
    const res = await importRows([rowOf(c, e!, { Pillar: 'Yes' })], `effectiveFrom=${plusDays(today, -10)}`);
    expect(res.statusCode, res.body).toBe(200);
    // Today's pay did not move: no pay-history row.
    expect((await historyOf((await lastImport()).id)).size).toBe(0);
    const { version: _w, ...after } = (await get(e!.id)).envelope.data as EmployeeView & { version: number };
    expect(after).toEqual(now);
    expect((await get(e!.id, plusDays(today, -7))).envelope.data).toMatchObject({
      pillar: true,
      gradeId: c.grade.id,
    });
    expect((await get(e!.id, plusDays(today, -5))).envelope.data).toMatchObject({
      pillar: false,
      gradeId: c.senior.id,
    });
  });
});

describe('an import dated in the future', () => {
  it('leaves every answer as of today byte-identical, lists its scheduled changes, and a cancel works', async () => {
    const c = await company();
    const people = await staff(c, 2);
    const day = plusDays(today, 30);
    const snapshot = async () => ({
      list: (await list()).body,
      employees: await Promise.all(people.map(async (p) => (await get(p.id)).body)),
      insights: (await t.callAsAdmin({ method: 'GET', url: '/api/insights' })).body,
      exported: await downloadedRows(t, '/api/employees/export?status=all'),
      versions: (await stored(people.map((p) => p.id))).rows,
    });
    const before = await snapshot();
    const rows = [
      rowOf(c, people[0]!, { Grade: c.senior.name, Remote: 'Yes' }),
      rowOf(c, people[1]!, { Pillar: 'Yes' }),
    ];
    const res = await importRows(rows, `effectiveFrom=${day}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.data).toMatchObject({ updated: 2, effectiveFrom: day });
    expect(res.envelope.data.backPay).toBeUndefined();
    expect(await snapshot()).toEqual(before);

    const waiting = (await scheduled()).filter((s) => people.some((p) => p.id === s.employeeId));
    expect(waiting.map((w) => ({ id: w.employeeId, day: w.effectiveFrom, changes: w.changes }))).toEqual([
      {
        id: people[0]!.id,
        day,
        changes: [
          { field: 'gradeId', before: c.grade.id, after: c.senior.id },
          { field: 'remote', before: false, after: true },
        ],
      },
      { id: people[1]!.id, day, changes: [{ field: 'pillar', before: false, after: true }] },
    ]);
    expect((await get(people[0]!.id, day)).envelope.data).toMatchObject({
      gradeId: c.senior.id,
      remote: true,
    });
    expect((await get(people[0]!.id, plusDays(day, -1))).envelope.data.gradeId).toBe(c.grade.id);
    const entry = await lastImport();
    expect(entry.details).toMatchObject({ effectiveFrom: day, scheduled: true });
    // The entry names each employee's changes from that day; today's pay moved for no one.
    expect(
      (
        entry.details as { employees: Array<{ id: number; changes: Array<{ field: string }> }> }
      ).employees.map((x) => [x.id, x.changes.map((ch) => ch.field)]),
    ).toEqual([
      [people[0]!.id, ['gradeId', 'remote']],
      [people[1]!.id, ['pillar']],
    ]);
    expect((await historyOf(entry.id)).size).toBe(0);

    // Cancelled like any scheduled change: that day reads as before again.
    const cancel = await t.callAsAdmin({ method: 'DELETE', url: `/api/scheduled-changes/${waiting[1]!.id}` });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await get(people[1]!.id, day)).envelope.data.pillar).toBe(false);
    expect(await snapshot()).toEqual(before);
  });

  it('never overwrites a later scheduled version, and its preview compares with the employee as on its day', async () => {
    const c = await company();
    const [e] = await staff(c, 1);
    const later = plusDays(today, 60);
    const put = await saveFrom(e!.id, later, { gradeId: c.senior.id });
    expect(put.statusCode, put.body).toBe(200);
    const day = plusDays(today, 20);
    // As on day 70 the file's grade is already the employee's: only Remote changes then.
    const onLater = await importRows(
      [rowOf(c, e!, { Grade: c.senior.name, Remote: 'Yes' })],
      `dryRun=true&effectiveFrom=${plusDays(today, 70)}`,
    );
    expect(onLater.envelope.data.conflicts[0]!.changes.map((x) => x.field)).toEqual(['remote']);

    const res = await importRows([rowOf(c, e!, { Remote: 'Yes' })], `effectiveFrom=${day}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(e!.id, plusDays(today, 30))).envelope.data).toMatchObject({
      remote: true,
      gradeId: c.grade.id,
    });
    // The later version is as it was written, from its own day.
    expect((await get(e!.id, later)).envelope.data).toMatchObject({ remote: false, gradeId: c.senior.id });
    expect((await scheduled()).filter((s) => s.employeeId === e!.id).map((s) => s.effectiveFrom)).toEqual([
      day,
      later,
    ]);
  });

  it('holds back, as a conflict, a row whose employee got a change for that day after the file was exported', async () => {
    const c = await company();
    const [e] = await staff(c, 1);
    const exported = (
      await download(t, `/api/employees/export?name=${encodeURIComponent(e!.name)}`, t.adminToken)
    ).bytes;
    const day = plusDays(today, 15);
    // Scheduled after the export: the employee's row (and its version number) stay as exported.
    const put = await saveFrom(e!.id, day, { gradeId: c.senior.id });
    expect(put.statusCode, put.body).toBe(200);
    const onDay = (await get(e!.id, day)).body;
    const held = await importFile(t, exported, { query: `?effectiveFrom=${day}` });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.envelope.data).toMatchObject({ updated: 0, conflictCount: 1 });
    expect(held.envelope.data.conflicts[0]).toMatchObject({
      id: e!.id,
      reason: 'changedInApp',
      changedBy: 'admin@example.com',
      applied: false,
      changes: [expect.objectContaining({ field: 'gradeId', before: c.senior.id, after: c.grade.id })],
    });
    expect((await get(e!.id, day)).body).toBe(onDay);
    // The same file the day before that change: nothing recorded since for it, nothing held.
    const before = await importFile(t, exported, {
      query: `?dryRun=true&effectiveFrom=${plusDays(day, -1)}`,
    });
    expect(before.envelope.data).toMatchObject({ updated: 0, unchanged: 1, conflictCount: 0 });
  });

  it('creates new employees at once, as Add Employee does whatever the day: their hire date says when they start', async () => {
    const c = await company();
    const day = plusDays(today, 10);
    const name = unique('New Hire');
    const res = await importSheet(t, [IMPORT_HEADER, importRow(c, { Name: name })], {
      query: `?effectiveFrom=${day}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.data.created).toBe(1);
    const created = (await list()).envelope.data.find((e) => e.name === name)!;
    expect(created).toBeDefined();
    expect((await scheduled()).some((s) => s.employeeId === created.id)).toBe(false);
    expect((await get(created.id, plusDays(today, -100))).envelope.data.gradeId).toBe(c.grade.id);
  });
});

describe("a dated import's revert", () => {
  const revert = (id: number) =>
    t.callAsAdmin<ImportRevertResult>({ method: 'POST', url: `/api/audit/${id}/revert` });

  it.each([
    ['past', -40],
    ['future', 25],
    ['today (named)', 0],
  ])('takes back exactly what an import dated in the %s wrote, rows and versions', async (_when, offset) => {
    const c = await company();
    const people = await staff(c, 3);
    const day = plusDays(today, offset);
    // One employee already had a version from that very day: the import replaces it, the
    // revert puts it back as it was.
    const pre = await saveFrom(people[2]!.id, day, { pillar: true });
    expect(pre.statusCode, pre.body).toBe(200);
    const ids = people.map((p) => p.id);
    const before = await stored(ids);
    const lists = { today: (await list()).body, onDay: (await list(day)).body };
    const name = unique('Renamed');
    const res = await importRows(
      [
        rowOf(c, people[0]!, { Grade: c.senior.name }),
        // An undated field (the name) changes at once, whatever the day.
        rowOf(c, people[1]!, { Name: name, Remote: 'Yes' }),
        rowOf(c, people[2]!, { Pillar: 'Yes', Remote: 'Yes' }),
        importRow(c, { Name: unique('Hire') }),
      ],
      `effectiveFrom=${day}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(people[1]!.id)).envelope.data.name).toBe(name);
    expect(await stored(ids)).not.toEqual(before);

    const entry = await lastImport();
    const undone = await revert(entry.id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.envelope.data).toMatchObject({ deleted: 1, restored: 3 });
    expect(await stored(ids)).toEqual(before);
    expect((await list()).body).toBe(lists.today);
    expect((await list(day)).body).toBe(lists.onDay);
    const [revertEntry] = await t.database.db
      .select()
      .from(auditEntries)
      .where(inArray(auditEntries.id, [undone.envelope.data.revertId]));
    expect(revertEntry?.details).toMatchObject({ effectiveFrom: day });
  });
});

describe("a dated import's revert once its day has come", () => {
  it('is not stopped by the change taking effect, and takes it back', async () => {
    // Pago Pago (UTC−11) and Kiritimati (UTC+14) are never on the same day: moving the
    // company's zone from one to the other brings the import's day without touching the clock.
    await setTimeZone(t, 'Pacific/Pago_Pago');
    try {
      const c = await company();
      const people = await staff(c, 2);
      const ids = people.map((p) => p.id);
      const day = todayIn('Pacific/Kiritimati');
      const before = await stored(ids);
      const res = await importRows(
        people.map((p) => rowOf(c, p, { Grade: c.senior.name })),
        `effectiveFrom=${day}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const entry = await lastImport();
      await setTimeZone(t, 'Pacific/Kiritimati');
      // The day came: the change took effect (recorded by the system).
      expect((await get(ids[0]!)).envelope.data.gradeId).toBe(c.senior.id);
      const undone = await t.callAsAdmin<ImportRevertResult>({
        method: 'POST',
        url: `/api/audit/${entry.id}/revert`,
      });
      expect(undone.statusCode, undone.body).toBe(200);
      expect((await get(ids[0]!)).envelope.data.gradeId).toBe(c.grade.id);
      expect(await stored(ids)).toEqual(before);
    } finally {
      await setTimeZone(t, 'UTC');
    }
  });
});

describe('a malformed or hostile effectiveFrom', () => {
  it('is refused with a 400 naming effectiveFrom, the preview and the import alike, and nothing is written', async () => {
    const c = await company();
    const [e] = await staff(c, 1);
    const bytes = await xlsxOf([
      IMPORT_HEADER,
      rowOf(c, e!, { Remote: 'Yes' }),
      importRow(c, { Name: unique('Hire') }),
    ]);
    const counts = async () => ({
      employees: await t.countRows(employees),
      versions: await t.countRows(employeeVersions),
      audit: await t.countRows(auditEntries),
      list: (await list()).body,
    });
    const was = await counts();
    const raw = [
      '2026-02-30',
      '2026-13-01',
      '',
      '%202026-01-01',
      '2026-01-01T00%3A00',
      '99999-01-01',
      '2026-1-5',
      '%00',
      '%E2%80%AE2026-01-01',
      '%27%3B%20drop%20table%20employees%3B--',
      '2026-01-01&effectiveFrom=2026-01-02',
      `${'9'.repeat(5000)}`,
    ];
    for (const value of raw)
      for (const dry of ['', 'dryRun=true&']) {
        const res = await importFile(t, bytes, { query: `?${dry}overwrite=all&effectiveFrom=${value}` });
        expect(res.statusCode, `${value}: ${res.body}`).toBe(400);
        expect(res.body).toContain('effectiveFrom');
        expect(res.envelope.message).toMatch(
          /Effective From must be a date written YYYY-MM-DD|"effectiveFrom" must be a single value/,
        );
      }
    // A real day too far back for back pay to be counted.
    for (const dry of ['', 'dryRun=true&']) {
      const far = await importFile(t, bytes, { query: `?${dry}overwrite=all&effectiveFrom=1900-01-01` });
      expect(far.statusCode, far.body).toBe(400);
      expect(far.envelope.message).toBe('Effective From must be within ten years before today');
      expect(far.body).toContain('effectiveFrom');
    }
    expect(await counts()).toEqual(was);
  });
});

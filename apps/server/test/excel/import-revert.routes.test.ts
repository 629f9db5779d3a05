import type { AuditEntry, AuditPage } from '@salary/shared/audit/audit.contract';
import { ENTRY_REVERT_ERRORS } from '@salary/shared/audit/entry-revert.contract';
import {
  IMPORT_REVERT_ERRORS,
  type ImportRevertBlocker,
  type ImportRevertResult,
} from '@salary/shared/audit/import-revert.contract';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { EMPLOYEE_FIELDS } from '@salary/shared/employees/employee-fields';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEmployeeChanges, auditEntries, employees, payHistory } from '../../src/db/schema.ts';
import { editFormOf } from '../support/employee-forms.ts';
import { newCustomMultiplier, placeIn } from '../support/factories.ts';
import { ADMIN, ALL_PERMISSIONS, buildTestApp, type TestContext } from '../support/helper.ts';
import { type Cells, IMPORT_HEADER, importFile, importRow, xlsxOf } from './excel-files.ts';

/*
 * "Revert this import" over the real routes: a real .xlsx through POST /api/employees/import,
 * then POST /api/audit/{id}/revert. The employees table must hold exactly what it held before
 * the import (every field of every row, the count), with the revert's entry and pay history;
 * a refused revert writes nothing at all.
 */

let t: TestContext;
let tokens: { everything: string };
let seq = 0;
const unique = (p: string) => `${p} ${++seq}-${Math.random().toString(36).slice(2, 6)}`;

beforeAll(async () => {
  t = await buildTestApp();
  tokens = {
    everything: (await t.createUser(ALL_PERMISSIONS)).token,
  };
  // Existing employees carry a custom multiplier that moves their pay (the import's file has
  // no column for it: an update must keep it, in the table, the entry and the pay history).
  await t.setSettings({ customMultipliers: [newCustomMultiplier()] });
});
afterAll(async () => t.close());

const db = () => t.database.db;

/** Every employee's every field, as the database holds it (version and who/when aside). */
async function directory() {
  const rows = await db().select().from(employees).orderBy(asc(employees.id));
  return rows.map(({ version: _v, updatedBy: _b, createdAt: _c, updatedAt: _u, ...fields }) => fields);
}

async function counts() {
  return {
    employees: await t.countRows(employees),
    audit: await t.countRows(auditEntries),
    payHistory: await t.countRows(payHistory),
  };
}

type Company = Awaited<ReturnType<TestContext['newCompany']>> & { level2: { id: number; name: string } };

async function company(): Promise<Company> {
  const c = await t.newCompany(3000);
  const level2 = await t.newLevel(unique('L'));
  await t.newBaseSalary(c.grade.id, level2.id, 4500);
  return { ...c, level2 };
}

const row = (c: Company, changes: Parameters<typeof importRow>[1]) =>
  importRow(c, { Name: unique('New Hire'), ...changes });

async function existing(c: Company, over: Record<string, unknown> = {}) {
  return t.newEmployee({
    name: unique('Existing'),
    ...placeIn(c),
    yearsExperience: 2.5,
    // Not in the file (no Gender column): kept by an update, in the table and in the entry.
    gender: 'FEMALE',
    customMultiplierIds: ['cm_oncall'],
    ...over,
  });
}

/** Imports `rows` (rows with an ID overwrite, as ticked) and answers the import's audit entry. */
async function imported(rows: Cells[]): Promise<AuditEntry> {
  const res = await importFile(t, await xlsxOf([IMPORT_HEADER, ...rows]), { query: '?overwrite=all' });
  expect(res.statusCode, res.body).toBe(200);
  const page = await t.callAsAdmin<AuditPage>({ method: 'GET', url: '/api/audit?entityType=import&limit=1' });
  const entry = page.envelope.data.entries[0]!;
  expect(entry.action).toBe('import');
  return entry;
}

/** An employee as GET /api/employees/:id shows it (the API's field names). */
async function view(id: number): Promise<Record<string, unknown>> {
  const res = await t.callAsAdmin<EmployeeView>({ method: 'GET', url: `/api/employees/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.envelope.data as unknown as Record<string, unknown>;
}

const revert = (id: number, token = t.adminToken) =>
  t.call<ImportRevertResult | { employees: ImportRevertBlocker[] } | null>({
    method: 'POST',
    url: `/api/audit/${id}/revert`,
    token,
  });

async function employeeForm(id: number) {
  const res = await t.callAsAdmin<EmployeeView>({ method: 'GET', url: `/api/employees/${id}` });
  return editFormOf(res.envelope.data);
}

/** What an import does, as a table: how many it creates, and what it changes of existing employees. */
const IMPORTS: Array<{
  name: string;
  creates: number;
  changes: Array<(c: Company) => Partial<Record<(typeof IMPORT_HEADER)[number], Cells[number]>>>;
}> = [
  { name: 'only new employees', creates: 3, changes: [] },
  {
    name: 'only changes (name, level, years, flags)',
    creates: 0,
    changes: [
      (c) => ({ Name: unique('Renamed'), Level: c.level2.name }),
      () => ({ 'Years of Experience': 7.25, Pillar: 'Yes', Remote: 'Yes' }),
    ],
  },
  {
    name: 'new employees and changes together',
    creates: 2,
    changes: [(c) => ({ Position: c.otherPosition.name, Level: c.level2.name, 'Years with Company': 4 })],
  },
];

describe('POST /api/audit/:id/revert', () => {
  it.each(IMPORTS)('puts the directory back exactly as it was before an import of $name', async (spec) => {
    const c = await company();
    const ids: number[] = [];
    for (const _ of spec.changes) ids.push(await existing(c));
    const before = await directory();
    const rows = [
      ...Array.from({ length: spec.creates }, () => row(c, {})),
      ...spec.changes.map((change, i) => {
        const e = before.find((x) => x.id === ids[i])!;
        return row(c, { ID: e.id, Name: e.name, 'Years of Experience': 2.5, ...change(c) });
      }),
    ];
    const views = new Map(await Promise.all(ids.map(async (id) => [id, await view(id)] as const)));
    const entry = await imported(rows);
    expect(entry.summary).toBe(
      `Import of sheet "Employees": ${spec.creates} created, ${spec.changes.length} updated`,
    );
    // The entry lists each employee with exactly its fields that moved (stored compactly
    // beside the entry, read back in the API's shape): before → after as the API shows them.
    const listed = (entry.details as { employees: Array<{ id: number; changes: unknown[] }> }).employees;
    expect(listed).toHaveLength(spec.creates + spec.changes.length);
    for (const e of listed) {
      const was = views.get(e.id) ?? null;
      const now = await view(e.id);
      const fields = [...EMPLOYEE_FIELDS.map((f) => f.wire as string), 'customMultipliers'];
      const moved = fields.flatMap((field) => {
        const b = was ? (was[field] ?? null) : null;
        const a = now[field] ?? null;
        return JSON.stringify(b) === JSON.stringify(a) ? [] : [{ field, before: b, after: a }];
      });
      expect(moved.length).toBeGreaterThan(0);
      expect(e.changes).toEqual(moved);
      // A pay-history row where GET's pay moved (or the employee is new), ending at the pay
      // GET shows now, custom multiplier included; none where it did not move.
      const history = await db()
        .select()
        .from(payHistory)
        .where(and(eq(payHistory.auditId, entry.id), eq(payHistory.employeeId, e.id)));
      const payMoved =
        !was || was.calculatedSalary !== now.calculatedSalary || was.accumulatedCost !== now.accumulatedCost;
      // The table keeps whole cents; GET answers decimals.
      expect(history.map((h) => [Number(h.grossAfter) / 100, Number(h.costAfter) / 100])).toEqual(
        payMoved ? [[now.calculatedSalary, now.accumulatedCost]] : [],
      );
    }
    expect(await directory()).not.toEqual(before);
    const was = await counts();

    const res = await revert(entry.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.message).toBe('Import reverted');
    const result = res.envelope.data as ImportRevertResult;
    expect(result).toMatchObject({
      importId: entry.id,
      deleted: spec.creates,
      restored: spec.changes.length,
    });

    // Exactly what the table held before: the same rows, every field, the same count.
    expect(await directory()).toEqual(before);
    const now = await counts();
    expect(now.audit).toBe(was.audit + 1);
    expect(now.employees).toBe(was.employees - spec.creates);

    const [revertEntry] = await db().select().from(auditEntries).where(eq(auditEntries.id, result.revertId));
    expect(revertEntry).toMatchObject({
      action: 'revert',
      entityType: 'import',
      entityId: String(entry.id),
      actorEmail: ADMIN.email,
    });
    // The revert names the same employees, in rows beside its entry (the entry keeps the count).
    const touched = await db()
      .select({ id: auditEmployeeChanges.employeeId })
      .from(auditEmployeeChanges)
      .where(eq(auditEmployeeChanges.auditId, result.revertId));
    expect(revertEntry!.details).toMatchObject({ employeeCount: touched.length });
    expect(touched.map((e) => e.id).sort()).toEqual(
      (entry.details as { employees: Array<{ id: number }> }).employees.map((e) => e.id).sort(),
    );

    // Pay history: each restored employee whose pay the import moved moves back, under the revert.
    const history = await db().select().from(payHistory).where(eq(payHistory.auditId, result.revertId));
    const importHistory = await db().select().from(payHistory).where(eq(payHistory.auditId, entry.id));
    const moved = importHistory.filter((h) => ids.includes(h.employeeId));
    expect(history.map((h) => h.employeeId).sort()).toEqual(moved.map((h) => h.employeeId).sort());
    for (const h of history) {
      const forward = moved.find((m) => m.employeeId === h.employeeId)!;
      expect([h.grossBefore, h.grossAfter]).toEqual([forward.grossAfter, forward.grossBefore]);
    }
    if (spec.changes.length) expect(history.length).toBeGreaterThan(0);

    // The Audit Log shows it.
    const log = await t.callAsAdmin<AuditPage>({
      method: 'GET',
      url: `/api/audit?entityType=import&entityId=${entry.id}`,
    });
    expect(log.envelope.data.entries[0]!.summary).toBe(
      `Import ${entry.id} of sheet "Employees" reverted: ${spec.creates} deleted, ${spec.changes.length} restored`,
    );
  });

  /** Later changes that touch an imported employee, each refusing the revert. */
  const LATER: Array<{ name: string; verb: RegExp; touch: (id: number, c: Company) => Promise<void> }> = [
    {
      name: 'an edit of the employee',
      verb: /was changed on \w{3} \d+, \d{4}, \d\d:\d\d [AP]M \S+ by admin@example\.com after this import/,
      touch: async (id) => {
        const form = await employeeForm(id);
        const res = await t.callAsAdmin({
          method: 'PUT',
          url: `/api/employees/${id}`,
          payload: { ...form, name: `${form.name} Jr` },
        });
        expect(res.statusCode, res.body).toBe(200);
      },
    },
    {
      name: 'a delete of the employee',
      verb: /was deleted on .+ by admin@example\.com after this import/,
      touch: async (id) => {
        const res = await t.callAsAdmin({ method: 'DELETE', url: `/api/employees/${id}` });
        expect(res.statusCode, res.body).toBe(200);
      },
    },
    {
      name: 'a later import changing the employee',
      verb: /was changed by a later import on .+ by admin@example\.com after this import/,
      touch: async (id, c) => {
        const form = await employeeForm(id);
        await imported([row(c, { ID: id, Name: form.name, 'Years of Experience': 11 })]);
      },
    },
  ];

  const TOUCHED = LATER.flatMap((later) =>
    (['created', 'changed'] as const).map((kind) => ({ ...later, kind })),
  );

  it.each(TOUCHED)(
    'refuses, naming the $kind employee, when $name came after — and writes nothing',
    async (later) => {
      const c = await company();
      const changedId = await existing(c);
      const entry = await imported([
        row(c, { Name: unique('Fresh') }),
        row(c, { ID: changedId, Name: unique('Renamed'), 'Years of Experience': 9 }),
      ]);
      const listed = (entry.details as { employees: Array<{ id: number }> }).employees.map((e) => e.id);
      const target = later.kind === 'changed' ? changedId : listed.find((id) => id !== changedId)!;
      const name = (await employeeForm(target)).name;
      await later.touch(target, c);
      const before = await directory();
      const was = await counts();

      const res = await revert(entry.id);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.envelope.error).toBe(IMPORT_REVERT_ERRORS.touchedLater);
      expect(res.envelope.message).toContain(`Employee ${target} (${name}`);
      expect(res.envelope.message).toMatch(later.verb);
      const blockers = (res.envelope.data as { employees: ImportRevertBlocker[] }).employees;
      expect(blockers).toEqual([expect.objectContaining({ id: target, by: ADMIN.email })]);
      // Nothing written: not the other employee either, no entry, no pay history.
      expect(await directory()).toEqual(before);
      expect(await counts()).toEqual(was);
    },
  );

  it('is not stopped by a later rule change (a base salary is not the employee record)', async () => {
    const c = await company();
    const before = await directory();
    const entry = await imported([row(c, {}), row(c, {})]);
    const res = await t.callAsAdmin({
      method: 'PUT',
      url: `/api/base-salary/${c.baseSalary.id}`,
      payload: { gradeId: c.grade.id, levelId: c.level.id, amount: 3900 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const reverted = await revert(entry.id);
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(await directory()).toEqual(before);
  });

  it('an import of more employees than the Audit Log shows keeps them all beside its entry', async () => {
    const c = await company();
    const before = await directory();
    const entry = await imported(Array.from({ length: 60 }, () => row(c, {})));
    // The page carries the first 50 and the count; the rows hold all 60.
    const details = entry.details as { created: number; employeeCount: number; employees: { id: number }[] };
    expect(details).toMatchObject({ created: 60, employeeCount: 60 });
    expect(details.employees).toHaveLength(50);
    const stored = await db()
      .select({ id: auditEmployeeChanges.employeeId })
      .from(auditEmployeeChanges)
      .where(eq(auditEmployeeChanges.auditId, entry.id));
    expect(stored).toHaveLength(60);
    expect(details.employees.map((e) => e.id)).toEqual(
      stored
        .map((e) => e.id)
        .sort((a, b) => a - b)
        .slice(0, 50),
    );
    // The revert reads all 60, not the page's 50.
    const res = await revert(entry.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.data).toMatchObject({ deleted: 60, restored: 0 });
    expect(await directory()).toEqual(before);
  });

  it('refuses a second revert of the same import, writing nothing', async () => {
    const c = await company();
    const entry = await imported([row(c, {})]);
    expect((await revert(entry.id)).statusCode).toBe(200);
    const was = await counts();
    const again = await revert(entry.id);
    expect(again.statusCode).toBe(409);
    expect(again.envelope.error).toBe(IMPORT_REVERT_ERRORS.alreadyReverted);
    expect(again.envelope.message).toMatch(/^This import was already reverted on .+ by admin@example\.com$/);
    expect(await counts()).toEqual(was);
  });

  it('lets exactly one of two simultaneous reverts through (two app instances, one database)', async () => {
    const c = await company();
    const changed = await existing(c);
    const before = await directory();
    const entry = await imported([row(c, {}), row(c, { ID: changed, Name: unique('Renamed') })]);
    const replica = await t.replica();
    try {
      const answers = await Promise.all([
        revert(entry.id),
        replica.call({ method: 'POST', url: `/api/audit/${entry.id}/revert`, token: t.adminToken }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.envelope.error).toBe(
        IMPORT_REVERT_ERRORS.alreadyReverted,
      );
      expect(await directory()).toEqual(before);
      const reverts = await db()
        .select()
        .from(auditEntries)
        .where(eq(auditEntries.entityId, String(entry.id)));
      expect(reverts.filter((r) => r.action === 'revert')).toHaveLength(1);
    } finally {
      await replica.close();
    }
  });

  it('answers 404 for an unknown entry and 400 for an entry that cannot be reverted', async () => {
    const missing = await revert(2_000_000_000);
    expect(missing.statusCode).toBe(404);
    const c = await company();
    const id = await existing(c);
    // An employee's create is not revertable (its edits and deletes are: entry-revert tests).
    const created = await t.callAsAdmin<EmployeeView>({
      method: 'POST',
      url: '/api/employees',
      payload: { ...(await employeeForm(id)), name: unique('Created') },
    });
    expect(created.statusCode, created.body).toBe(201);
    const page = await t.callAsAdmin<AuditPage>({
      method: 'GET',
      url: `/api/audit?entityType=employee&entityId=${created.envelope.data.id}`,
    });
    const was = await counts();
    const notRevertable = await revert(page.envelope.data.entries[0]!.id);
    expect(notRevertable.statusCode).toBe(400);
    expect(notRevertable.envelope.error).toBe(ENTRY_REVERT_ERRORS.notRevertable);
    expect(await counts()).toEqual(was);
  });

  it('is for administrators only: anyone else gets 403 and nothing changes', async () => {
    const c = await company();
    const entry = await imported([row(c, {})]);
    const before = await directory();
    const was = await counts();
    const res = await revert(entry.id, tokens.everything);
    expect(res.statusCode).toBe(403);
    expect(res.envelope.message).toBe('Only administrators can revert an import');
    expect(await directory()).toEqual(before);
    expect(await counts()).toEqual(was);
    expect((await revert(entry.id)).statusCode).toBe(200);
  });

  it("keeps a changed employee's earlier position: its earlier version holds it, so the revert restores it", async () => {
    const c = await company();
    const kept = await t.newPosition(c.job.id, unique('Kept'));
    const id = await existing(c, { positionId: kept.id });
    const form = await employeeForm(id);
    const entry = await imported([row(c, { ID: id, Name: form.name, 'Years of Experience': 2.5 })]);
    // The employee's version before the import still refers to it (docs/decisions/0025).
    const del = await t.callAsAdmin({ method: 'DELETE', url: `/api/positions/${kept.id}` });
    expect(del.statusCode, del.body).toBe(409);
    const res = await revert(entry.id);
    expect(res.statusCode, res.body).toBe(200);
    const after = await t.callAsAdmin<{ specializationId: number }>({
      method: 'GET',
      url: `/api/employees/${id}`,
    });
    expect(after.envelope.data.specializationId).toBe(kept.id);
  });
});

import type { AuditEntry, AuditPage } from '@salary/shared/audit/audit.contract';
import { asCents, fromCents } from '@salary/shared/common/money';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import type { ImportReport } from '@salary/shared/excel/excel.contract';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { auditEntries, employees, payHistory } from '../../src/db/schema.ts';
import {
  downloadBook,
  IMPORT_HEADER,
  importFile,
  importRow,
  importSheet,
  sheetValues,
  xlsxOf,
} from '../excel/excel-files.ts';
import { versionedFormOf } from '../support/employee-forms.ts';
import type { Company } from '../support/factories.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';

/*
 * Writes that race on two app instances of one PostgreSQL database, as two replicas would:
 * an import against an edit, a revert against an import, edits against a base-salary change.
 * Each race is run again and again; every round must end with one winner, no change lost,
 * and a pay history whose rows chain (each "before" is the previous row's "after") up to the
 * pay the employee has now. PGlite has one connection, so its writes never interleave.
 */

const ROUNDS = 20;
/** A net for a hang on a busy machine, not a speed check. */
const SLOW = 120_000;

type Call = TestContext['call'];

let t: TestContext;
let other: Awaited<ReturnType<TestContext['replica']>>;
let seq = 0;
const unique = (p: string) => `${p} ${++seq}-${Math.random().toString(36).slice(2, 6)}`;

describe.skipIf(!inject('pgTemplateDb'))(
  'simultaneous writes on two app instances of one PostgreSQL database',
  () => {
    beforeAll(async () => {
      t = await buildTestApp();
      other = await t.replica();
      // Years of experience move pay, so an import's or an edit's change shows in the history.
      await t.setSettings({ experienceMultiplier: 2 });
    });
    afterAll(async () => {
      await other?.close();
      await t?.close();
    });

    /** GET /api/employees/:id as the administrator. */
    async function view(id: number, call: Call = t.call): Promise<EmployeeView> {
      const res = await call<EmployeeView>({
        method: 'GET',
        url: `/api/employees/${id}`,
        token: t.adminToken,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.envelope.data;
    }

    /** The Edit Employee form's PUT body of `e` with `changes`, carrying the version it was read at. */
    const formOf = versionedFormOf;

    const put = (call: Call, id: number, body: object) =>
      call<EmployeeView>({ method: 'PUT', url: `/api/employees/${id}`, token: t.adminToken, payload: body });

    /**
     * Sends `first`, waits until a write transaction other than this test's is open on the
     * database (or `first` has already answered), then sends `second`: the second write lands
     * while the first one is deciding and writing.
     */
    async function race<A, B>(first: () => Promise<A>, second: () => Promise<B>): Promise<[A, B]> {
      let settled = false;
      const a = first().finally(() => {
        settled = true;
      });
      for (;;) {
        if (settled) break;
        const open = (await t.database.db.execute(
          sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null
              and state <> 'idle'`,
        )) as unknown as { rows: Array<{ n: number }> };
        if (open.rows[0]!.n > 0) break;
      }
      return Promise.all([a, second()]);
    }

    /**
     * The pay history of each of `ids` chains — every row's "before" is the previous row's
     * "after" — and its last row is the pay GET shows now.
     */
    async function expectHistoryChains(ids: number[]) {
      const rows = await t.database.db
        .select()
        .from(payHistory)
        .where(inArray(payHistory.employeeId, ids))
        .orderBy(asc(payHistory.id));
      for (const id of ids) {
        const own = rows.filter((r) => r.employeeId === id);
        for (let i = 1; i < own.length; i++) {
          const [was, row] = [own[i - 1]!, own[i]!];
          expect([row.grossBefore, row.costBefore], `employee ${id}, pay-history row ${row.id}`).toEqual([
            was.grossAfter,
            was.costAfter,
          ]);
        }
        const last = own[own.length - 1];
        if (!last) continue;
        const now = await view(id);
        // The history keeps whole cents; the API answers the decimal.
        expect(
          last.grossAfter === null ? null : fromCents(asCents(Number(last.grossAfter))),
          `employee ${id}: the history ends at the pay it has`,
        ).toBe(now.calculatedSalary);
      }
    }

    async function exportBook(call: Call = t.call): Promise<ExcelJS.Workbook> {
      const { res, book } = await downloadBook({ ...t, call } as TestContext);
      expect(res.statusCode).toBe(200);
      return book;
    }

    /** `count` new employees of `c`, created by an import (so each has a pay history from the start). */
    async function hire(c: Company, count: number): Promise<{ ids: number[]; entry: AuditEntry }> {
      const names = Array.from({ length: count }, () => unique('Hire'));
      const res = await importSheet(t, [IMPORT_HEADER, ...names.map((Name) => importRow(c, { Name }))]);
      expect(res.statusCode, res.body).toBe(200);
      const entry = await lastImport();
      const stored = await t.database.db
        .select({ id: employees.id, name: employees.name })
        .from(employees)
        .where(inArray(employees.name, names));
      return { ids: stored.map((e) => e.id).sort((a, b) => a - b), entry };
    }

    async function lastImport(): Promise<AuditEntry> {
      const page = await t.callAsAdmin<AuditPage>({
        method: 'GET',
        url: '/api/audit?entityType=import&limit=1',
      });
      return page.envelope.data.entries[0]!;
    }

    it(
      `an import and an edit of one of its employees: the edit is never lost (${ROUNDS} rounds)`,
      async () => {
        const c = await t.newCompany(4000);
        const { ids } = await hire(c, 30);
        const years = IMPORT_HEADER.indexOf('Years of Experience') + 1;
        for (let round = 0; round < ROUNDS; round++) {
          const target = ids[(round * 7) % ids.length]!;
          // The file: every one of these employees gets round + 2 years (an export, edited).
          const book = await exportBook();
          const sheet = book.getWorksheet('Employees')!;
          sheetValues(sheet).forEach((values, i) => {
            if (i > 0 && ids.includes(Number(values[0])))
              sheet.getRow(i + 1).getCell(years).value = round + 2;
          });
          const bytes = Buffer.from(await book.xlsx.writeBuffer());
          const form = await view(target);
          const renamed = unique('Edited');

          const [imported, edited] = await race(
            () => importFile({ ...t, call: other.call } as TestContext, bytes),
            () => put(t.call, target, formOf(form, { name: renamed })),
          );
          expect(imported.statusCode, imported.body).toBe(200);
          const report = imported.envelope.data as ImportReport;
          const now = await view(target);
          if (edited.statusCode === 200) {
            // The edit won: the import saw it (a conflict, not applied), and the name stays.
            expect(now.name, `round ${round}: the edit answered 200`).toBe(renamed);
            expect(now.yearsExperience).toBe(form.yearsExperience);
            expect(report.conflicts.map((x) => x.id)).toContain(target);
            expect(report.updated).toBe(ids.length - 1);
          } else {
            // The import won: the form was read before it, so the edit is stale.
            expect(edited.statusCode, edited.body).toBe(409);
            expect(now.name).toBe(form.name);
            expect(now.yearsExperience).toBe(round + 2);
            expect(report.conflictCount).toBe(0);
            expect(report.updated).toBe(ids.length);
          }
        }
        await expectHistoryChains(ids);
      },
      SLOW,
    );

    it(
      `a revert and an import of the same employees: exactly one of them happens (${ROUNDS} rounds)`,
      async () => {
        const c = await t.newCompany(4500);
        for (let round = 0; round < ROUNDS; round++) {
          const { ids, entry } = await hire(c, 10);
          // The second import changes every employee the first one created.
          const rows = await t.database.db
            .select({ id: employees.id, name: employees.name })
            .from(employees)
            .where(inArray(employees.id, ids))
            .orderBy(asc(employees.id));
          const file = await xlsxOf([
            IMPORT_HEADER,
            ...rows.map((e) => importRow(c, { ID: e.id, Name: e.name, 'Years of Experience': 9 })),
          ]);
          const revert = () =>
            t.call({ method: 'POST', url: `/api/audit/${entry.id}/revert`, token: t.adminToken });
          const reimport = () =>
            importFile({ ...t, call: other.call } as TestContext, file, { query: '?overwrite=all' });
          let reverted: Awaited<ReturnType<typeof revert>>;
          let imported: Awaited<ReturnType<typeof reimport>>;
          if (round % 2) [reverted, imported] = await race(revert, reimport);
          else [imported, reverted] = await race(reimport, revert);
          const statuses = [reverted.statusCode, imported.statusCode];
          expect(
            statuses.filter((s) => s === 200),
            `round ${round}: ${reverted.body} / ${imported.body}`,
          ).toHaveLength(1);
          const left = await t.database.db
            .select({ id: employees.id, years: employees.yearsExperience })
            .from(employees)
            .where(inArray(employees.id, ids));
          if (reverted.statusCode === 200) {
            expect(left).toEqual([]);
            // Refused whole, naming the IDs that are gone (400 found before it began, 409 while it ran).
            expect([400, 409], imported.body).toContain(imported.statusCode);
            // Nothing of the refused import reached the audit trail.
            const later = await t.database.db
              .select({ id: auditEntries.id })
              .from(auditEntries)
              .where(and(eq(auditEntries.action, 'import'), gt(auditEntries.id, entry.id)));
            expect(later).toEqual([]);
          } else {
            expect(reverted.statusCode, reverted.body).toBe(409);
            expect((imported.envelope.data as ImportReport).updated).toBe(ids.length);
            expect(left.map((e) => Number(e.years))).toEqual(ids.map(() => 9));
            await expectHistoryChains(ids);
          }
        }
      },
      SLOW,
    );

    it(
      `edits and a base-salary change at the same time: every pay-history row chains (${ROUNDS} rounds)`,
      async () => {
        const c = await t.newCompany(5000);
        const { ids } = await hire(c, 4);
        let amount = 5000;
        for (let round = 0; round < ROUNDS; round++) {
          amount += 100;
          const forms = await Promise.all(ids.map((id) => view(id)));
          const years = forms.map((_, i) => round + i + 1);
          const answers = await Promise.all([
            other.call({
              method: 'PUT',
              url: `/api/base-salary/${c.baseSalary.id}`,
              token: t.adminToken,
              payload: { gradeId: c.grade.id, levelId: c.level.id, amount, version: round + 1 },
            }),
            ...forms.map((form, i) =>
              put(i % 2 ? t.call : other.call, form.id, formOf(form, { yearsExperience: years[i] })),
            ),
          ]);
          for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
          const now = await Promise.all(ids.map((id) => view(id)));
          expect(now.map((e) => e.yearsExperience)).toEqual(years);
        }
        const base = await t.callAsAdmin<{ amount: number }>({
          method: 'GET',
          url: `/api/base-salary/${c.baseSalary.id}`,
        });
        if (base.statusCode === 200) expect(base.envelope.data.amount).toBe(amount);
        await expectHistoryChains(ids);
      },
      SLOW,
    );
  },
);

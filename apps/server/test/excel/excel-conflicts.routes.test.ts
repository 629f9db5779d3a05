import { readFileSync } from 'node:fs';
import { formatDay } from '@salary/shared/common/date-time';
import { sql } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serverTimeZone } from '../../src/modules/company/company.service.ts';
import { FORM_FIELDS } from '../support/employee-forms.ts';
import { employeeList } from '../support/employee-reads.ts';
import type { Company } from '../support/factories.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import { download, IMPORT_HEADER, importFile, loadWorkbook, sheetValues, xlsxOf } from './excel-files.ts';

/*
 * The files an HR team really makes from an export — sorted without the ID column, stale
 * after a colleague's edit, calculated columns edited, rows deleted, a notes sheet in front,
 * error cells, a password — each checked for what the preview says and for what the database
 * holds afterwards. One app per file; every case starts from the same six employees, the
 * previous case's employees gone.
 */

let t: TestContext;
let c: Company;
let ids: number[];

const NAMES = ['Ada', 'Grace', 'Linus', 'Barbara', 'Edsger', 'Margaret'];

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.database.db.execute(sql`delete from employees`);
  c = await t.newCompany(5000);
  await t.setSettings({});
  ids = [];
  for (const [i, name] of NAMES.entries())
    ids.push(
      await t.newEmployeeOf(c, {
        positionId: i % 2 ? c.otherPosition.id : c.position.id,
        name,
        yearsExperience: 10 + i,
        yearsWithCompany: i,
        remote: i % 3 === 0,
      }),
    );
}, 60_000);

type Row = {
  id: number;
  name: string;
  version: number;
  updated_by: string | null;
  years_experience: string;
  remote: boolean;
};

/** The employees as stored, by id: what the database really holds. */
async function stored(): Promise<Row[]> {
  const result = (await t.database.db.execute(
    sql`select id, name, version, updated_by, years_experience, remote, position_id from employees order by id`,
  )) as unknown as { rows: Row[] };
  return result.rows;
}

async function exportBook(token = t.adminToken): Promise<ExcelJS.Workbook> {
  const res = await download(t, '/api/employees/export', token);
  expect(res.statusCode).toBe(200);
  return loadWorkbook(res.bytes);
}

/** The export's Employees sheet as a user edits it: with its header row and the book it is in. */
async function exportSheet() {
  const book = await exportBook();
  const sheet = book.getWorksheet('Employees')!;
  return { book, sheet, header: sheetValues(sheet)[0]! };
}

const bytesOf = async (book: ExcelJS.Workbook) => Buffer.from(await book.xlsx.writeBuffer());
const column = (header: string) => IMPORT_HEADER.indexOf(header) + 1;

describe('imports that never silently overwrite', () => {
  it('an unchanged re-import previews as 0 changed, 6 unchanged and writes nothing', async () => {
    const before = await stored();
    const res = await importFile(t, await bytesOf(await exportBook()), { query: '?dryRun=true' });
    expect(res.envelope.message).toBe('0 to create, 0 changed, 6 unchanged');
    await importFile(t, await bytesOf(await exportBook()));
    expect(await stored()).toEqual(before);
  });

  it('a file without the optional Gender column (a hand-made sheet, an older export) changes no one', async () => {
    const before = await stored();
    const { book, sheet, header } = await exportSheet();
    const gender = header.indexOf('Gender');
    expect(gender).toBeGreaterThan(0);
    sheet.spliceColumns(gender + 1, 1);
    const res = await importFile(t, await bytesOf(book), { query: '?dryRun=true' });
    expect(res.envelope.message).toBe('0 to create, 0 changed, 6 unchanged');
    const imported = await importFile(t, await bytesOf(book));
    expect(imported.envelope.data.updated).toBe(0);
    expect(await stored()).toEqual(before);
  });

  it('the sort slip: columns B–N sorted by name without the ID column → every moved row a conflict, nothing applied', async () => {
    const before = await stored();
    const { book, sheet } = await exportSheet();
    const rows = sheetValues(sheet).slice(1);
    const last = column('Remote') + 2; // through Total Cost (N); the hidden Row Key (O) stays with the IDs
    const sorted = rows.map((r) => r.slice(1, last)).sort((a, b) => String(b[0]).localeCompare(String(a[0])));
    sorted.forEach((values, i) => {
      values.forEach((v, j) => {
        sheet.getRow(i + 2).getCell(j + 2).value = v as ExcelJS.CellValue;
      });
    });
    const res = await importFile(t, await bytesOf(book), { query: '?dryRun=true' });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.envelope.data;
    expect(report.updated).toBe(0);
    expect(report.changes).toEqual([]);
    const moved = rows.filter((r, i) => r[1] !== sorted[i]![0]).length;
    expect(moved).toBeGreaterThan(3);
    expect(report.conflictCount).toBe(moved);
    expect(new Set(report.conflicts.map((x) => x.reason))).toEqual(new Set(['doesNotLineUp']));

    const imported = await importFile(t, await bytesOf(book));
    expect(imported.envelope.data.updated).toBe(0);
    expect(await stored()).toEqual(before);
  });

  it('a stale export: a colleague changed an employee after the export → a conflict naming when and by whom; the other edit applies', async () => {
    const book = await exportBook();
    const colleague = await t.createUser({ manageEmployee: true }, { email: 'ana@example.com' });
    const [fifty, fiftyOne] = [ids[1]!, ids[2]!];
    const edit = await t.call({
      method: 'PUT',
      url: `/api/employees/${fifty}`,
      token: colleague.token,
      payload: {
        name: 'Grace',
        technologyId: c.job.id,
        specializationId: c.otherPosition.id,
        gradeId: c.grade.id,
        levelId: c.level.id,
        yearsExperience: 15,
        yearsWithCompany: 1,
        offshoreProject: false,
        actingAsDifferentGrade: false,
        pillar: false,
        remote: true,
        customMultipliers: '[]',
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const afterEdit = (await stored()).find((r) => r.id === fifty)!;
    expect(afterEdit).toMatchObject({
      version: 2,
      updated_by: 'ana@example.com',
      years_experience: '15.00',
      remote: true,
    });

    // You edit employee 51 in the file; 50's row still says 11 years, not remote.
    const sheet = book.getWorksheet('Employees')!;
    const rowOf = (id: number) => sheetValues(sheet).findIndex((r) => r[0] === id) + 1;
    sheet.getRow(rowOf(fiftyOne)).getCell(column('Years of Experience')).value = 20;
    const bytes = await bytesOf(book);

    const preview = await importFile(t, bytes, { query: '?dryRun=true' });
    const report = preview.envelope.data;
    expect(report.changes).toEqual([
      {
        row: rowOf(fiftyOne),
        id: fiftyOne,
        name: 'Linus',
        changes: [
          {
            field: 'yearsExperience',
            label: 'Years of Experience',
            before: 12,
            after: 20,
            beforeText: '12',
            afterText: '20',
          },
        ],
        // What the change does to pay (no experience multiplier here: nothing).
        grossBefore: 5000,
        grossAfter: 5000,
      },
    ]);
    // The day in the company's format and zone: a fresh install's en-US, in the server's zone.
    const day = formatDay(new Date(), { locale: 'en-US', timeZone: serverTimeZone() });
    expect(report.conflicts).toMatchObject([
      {
        id: fifty,
        reason: 'changedInApp',
        message: `Changed in the app on ${day} by ana@example.com, after this file was exported`,
        changedBy: 'ana@example.com',
        applied: false,
      },
    ]);
    expect(report.conflicts[0]!.changes.map((x) => [x.field, x.before, x.after])).toEqual([
      ['yearsExperience', 15, 11],
      ['remote', true, false],
    ]);

    const imported = await importFile(t, bytes);
    expect(imported.envelope.data).toMatchObject({ updated: 1, conflictCount: 1 });
    const after = await stored();
    expect(after.find((r) => r.id === fifty)).toEqual(afterEdit);
    expect(after.find((r) => r.id === fiftyOne)).toMatchObject({
      years_experience: '20.00',
      version: 2,
      updated_by: 'admin@example.com',
    });

    // Ticked, the conflict is applied (and the version moves on again).
    const ticked = await importFile(t, bytes, { query: `?overwrite=${fifty}` });
    expect(ticked.envelope.data).toMatchObject({ updated: 1 });
    expect((await stored()).find((r) => r.id === fifty)).toMatchObject({
      years_experience: '11.00',
      remote: false,
      version: 3,
    });
  });

  it("another installation's export overwrites no one", async () => {
    const before = await stored();
    const { book, sheet, header } = await exportSheet();
    const keyColumn = header.indexOf('Row Key') + 1;
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const key = String(row.getCell(keyColumn).value);
      row.getCell(keyColumn).value = key.replace(/^ss1:[^:]+:/, 'ss1:elsewhere0000:');
      row.getCell(column('Name')).value = `Stranger ${n}`;
    });
    const res = await importFile(t, await bytesOf(book));
    expect(res.envelope.data).toMatchObject({ updated: 0, conflictCount: 6 });
    expect(new Set(res.envelope.data.conflicts.map((x) => x.reason))).toEqual(new Set(['otherInstallation']));
    expect(await stored()).toEqual(before);
  });

  it('edited calculated columns and a deleted row are reported as ignored edits; nothing changes', async () => {
    const before = await stored();
    const { book, sheet, header } = await exportSheet();
    const salary = header.indexOf('Calculated Salary') + 1;
    sheet.getRow(2).getCell(salary).value = 999_999;
    sheet.spliceRows(4, 1);
    const deletedId = sheetValues(await exportBook().then((b) => b.getWorksheet('Employees')!))[3]![0];
    const res = await importFile(t, await bytesOf(book), { query: '?dryRun=true' });
    expect(res.envelope.data.ignoredEdits).toEqual([
      { row: 2, message: 'Calculated Salary is calculated by the app; the edit in this row is ignored' },
      {
        row: null,
        message: `1 employee of the export is not in the file (ID ${deletedId}): deleting a row does not delete the employee`,
      },
    ]);
    expect(res.envelope.data).toMatchObject({ updated: 0, unchanged: 5 });
    await importFile(t, await bytesOf(book));
    expect(await stored()).toEqual(before);
  });

  it('finds the employee sheet behind a notes sheet or an empty Sheet1, and names it', async () => {
    const book = await exportBook();
    const notes = book.addWorksheet('Notes');
    notes.addRow(['Remember to check the grades']);
    const empty = book.addWorksheet('Sheet1');
    // Move both in front of the data sheet.
    // ExcelJS writes sheets by `orderNo` (missing from its typings).
    for (const [i, s] of [notes, empty, book.getWorksheet('Employees')!].entries())
      (s as unknown as { orderNo: number }).orderNo = i;
    const bytes = await bytesOf(book);
    const order = (await loadWorkbook(bytes)).worksheets
      .filter((s) => s.state === 'visible')
      .map((s) => s.name);
    expect(order).toEqual(['Notes', 'Sheet1', 'Employees']);
    const res = await importFile(t, bytes, { query: '?dryRun=true' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.data).toMatchObject({ sheet: 'Employees', unchanged: 6 });

    const only = await xlsxOf([['Remember'], ['the grades']], 'Notes');
    const refused = await importFile(t, only);
    expect(refused.envelope.message).toMatch(/^Missing columns: .* \(sheet "Notes"\)$/);
  });

  it('names spreadsheet error cells (#N/A, #DIV/0!) instead of calling them missing', async () => {
    const before = await stored();
    const { book, sheet } = await exportSheet();
    sheet.getRow(2).getCell(column('Grade')).value = {
      formula: 'VLOOKUP(A2,Z:Z,2,FALSE)',
      result: { error: '#N/A' },
    } as ExcelJS.CellValue;
    sheet.getRow(3).getCell(column('Years of Experience')).value = {
      formula: '1/0',
      result: { error: '#DIV/0!' },
    } as ExcelJS.CellValue;
    const res = await importFile(t, await bytesOf(book));
    expect(res.statusCode).toBe(400);
    expect(res.envelope.data.problems).toEqual([
      { row: 2, column: 'Grade', message: 'Grade holds the spreadsheet error #N/A' },
      {
        row: 3,
        column: 'Years of Experience',
        message: 'Years of Experience holds the spreadsheet error #DIV/0!',
      },
    ]);
    expect(await stored()).toEqual(before);
  });

  it('says a password-protected file is one (a LibreOffice file, see fixtures/README.md)', async () => {
    const file = readFileSync(new URL('./fixtures/password-protected.xls', import.meta.url));
    const res = await importFile(t, file, { filename: 'secret.xls' });
    expect(res.statusCode).toBe(400);
    expect(res.envelope).toMatchObject({
      error: 'PASSWORD_PROTECTED',
      message: 'This file is password-protected: save it without a password and import it again',
    });
  });
});

/** A small seeded PRNG, so a failing case can be replayed from its seed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
    return s / 2 ** 32;
  };
}

describe('property: random edits of an export', () => {
  const EDITS: Array<{ header: string; field: string; value: (r: () => number, was: unknown) => unknown }> = [
    { header: 'Name', field: 'name', value: (r) => `Renamed ${Math.floor(r() * 1e6)}` },
    {
      header: 'Years of Experience',
      field: 'yearsExperience',
      value: (r, was) => (Number(was) + 1 + Math.floor(r() * 5)) % 100,
    },
    {
      header: 'Years with Company',
      field: 'yearsWithCompany',
      value: (r, was) => (Number(was) + 0.5 + Math.floor(r() * 3)) % 100,
    },
    {
      header: 'Base on Project',
      field: 'offshoreProject',
      value: (_r, was) => (was === 'Yes' ? 'No' : 'Yes'),
    },
    { header: 'Pillar', field: 'pillar', value: (_r, was) => (was === 'Yes' ? 'No' : 'Yes') },
    { header: 'Remote', field: 'remote', value: (_r, was) => (was === 'Yes' ? 'No' : 'Yes') },
  ];

  it.each([11, 22, 33])('seed %i: exactly the edited rows and fields change, nothing else', async (seed) => {
    const r = random(seed);
    const { book, sheet } = await exportSheet();
    const rows = sheetValues(sheet);
    const expected = new Map<number, Set<string>>();
    for (let n = 2; n <= rows.length; n++) {
      if (r() < 0.4) continue;
      for (const edit of EDITS) {
        if (r() < 0.6) continue;
        const cell = sheet.getRow(n).getCell(column(edit.header));
        cell.value = edit.value(r, cell.value) as ExcelJS.CellValue;
        const id = rows[n - 1]![0] as number;
        expected.set(id, (expected.get(id) ?? new Set()).add(edit.field));
      }
    }
    const bytes = await bytesOf(book);
    const before = await employeeList(t);
    const preview = (await importFile(t, bytes, { query: '?dryRun=true' })).envelope.data;
    expect(preview.conflicts).toEqual([]);
    expect(new Map(preview.changes.map((x) => [x.id, new Set(x.changes.map((f) => f.field))]))).toEqual(
      expected,
    );
    expect(preview.unchanged).toBe(6 - expected.size);

    const done = await importFile(t, bytes);
    expect(done.envelope.data.updated).toBe(expected.size);
    const after = await employeeList(t);
    for (const e of after) {
      const old = before.find((b) => b.id === e.id)!;
      const changed = expected.get(e.id) ?? new Set();
      for (const key of FORM_FIELDS)
        if (!changed.has(key)) expect(e[key], `${e.id} ${key}`).toEqual(old[key]);
    }
  });
});

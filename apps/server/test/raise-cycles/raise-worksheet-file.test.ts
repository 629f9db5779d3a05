import { addDays, todayIn } from '@salary/shared/common/calendar-day';
import { DEFAULT_MONEY_FORMAT, excelMoneyFormat } from '@salary/shared/common/money';
import { NO_PERMISSIONS } from '@salary/shared/common/permissions';
import type { ImportProblem } from '@salary/shared/excel/excel.contract';
import {
  WORKSHEET_COLUMNS,
  WORKSHEET_SHEET_NAME,
  type WorksheetConflict,
} from '@salary/shared/raise-cycles/worksheet-file.contract';
import type ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { xlsxOf } from '../excel/excel-files.ts';
import { testAppForFile } from '../support/helper.ts';
import {
  draftCycle,
  editRow,
  exportedWorksheet,
  headerOf,
  importWorksheet,
  proposeOn,
  teamManagerToken,
  worksheetOf,
} from './worksheet-files.ts';

/*
 * The worksheet as a file through the real app: exported as the reader sees it, edited with
 * ExcelJS as a spreadsheet program would, previewed (nothing written) and imported (only the
 * rows the file changes, through the proposals' own rules and audit entry). A proposal someone
 * else saved after the export is a conflict (409, nothing written); bad cells are 400s naming
 * row and column; a manager limited to their team exports and imports their team only.
 *
 * The company: one job and grade, levels L1 (base 4,000.00) and "Senior" (4,500.00), no factor,
 * so gross = base + the employee's own allowances. Ana manages Ben; Cleo and Dia are outside
 * Ana's team; Eli left before the effective day (not in the cycle).
 */

const MAX_ROWS = 40;
const MAX_BYTES = 256 * 1024;
const t = testAppForFile({ importMaxRows: MAX_ROWS, importMaxBytes: MAX_BYTES });
const ids = { ana: 0, ben: 0, cleo: 0, dia: 0, eli: 0, senior: 0, grade: 0 };
const names = { grade: '', senior: 'Senior' };
let cycleId = 0;
let managerToken = '';
const C = WORKSHEET_COLUMNS;

const worksheet = (token = t.adminToken) => worksheetOf(t, cycleId, token);
const proposalOf = async (employeeId: number) =>
  (await worksheet()).rows.find((r) => r.employeeId === employeeId)!.proposal;
const propose = (proposals: unknown[], token = t.adminToken) => proposeOn(t, cycleId, proposals, token);
const exported = (token = t.adminToken, id = cycleId) => exportedWorksheet(t, id, token);
const edit = editRow;
const importBook = (
  book: ExcelJS.Workbook | Buffer,
  options: { dryRun?: boolean; token?: string; id?: number } = {},
) => importWorksheet(t, options.id ?? cycleId, book, options);

/** Every proposal back to none (the admin's own save). */
async function clearProposals() {
  const res = await propose(
    [ids.ana, ids.ben, ids.cleo, ids.dia].map((employeeId) => ({ employeeId, kind: 'NONE' })),
  );
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  const c = await t.newCompany(4000);
  const senior = await t.newLevel(names.senior);
  await t.newBaseSalary(c.grade.id, senior.id, 4500);
  ids.senior = senior.id;
  ids.grade = c.grade.id;
  names.grade = c.grade.name;
  ids.ana = await t.newEmployeeOf(c, { name: 'Ana Manager', hireDate: '2020-01-01' });
  ids.ben = await t.newEmployeeOf(c, { name: 'Ben Report', hireDate: '2021-03-01' });
  ids.cleo = await t.newEmployeeOf(c, { name: 'Cleo Outside', hireDate: '2022-05-01' });
  ids.dia = await t.newEmployeeOf(c, { name: '=Dia "Formula"', hireDate: '2022-06-01' });
  ids.eli = await t.newEmployeeOf(c, { name: 'Eli Leaver', hireDate: '2019-01-01', leaveDate: '2024-01-31' });
  managerToken = await teamManagerToken(t, ids.ana, ids.ben);
  cycleId = await draftCycle(t, 'Worksheet file 2027', ids.grade, addDays(todayIn('UTC'), 30));
});

describe('the export', () => {
  it('is the worksheet as the reader sees it, money as numbers in the company format', async () => {
    const { res, book } = await exported();
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="raise_worksheet_${cycleId}.xlsx"`);
    const sheet = book.getWorksheet(WORKSHEET_SHEET_NAME)!;
    expect(headerOf(sheet)).toEqual(Object.values(C));
    // Eli left before the effective day: not in the cycle, not in the file. In name order, as on
    // the page ("=" before the letters).
    const rows = [2, 3, 4, 5].map((n) => (sheet.getRow(n).values as unknown[]).slice(1));
    expect(rows.map((r) => r[0])).toEqual([ids.dia, ids.ana, ids.ben, ids.cleo]);
    expect(sheet.getRow(6).values).toEqual([]);
    // A name starting with "=" is text, never a formula.
    expect(rows[0]![1]).toBe('=Dia "Formula"');
    expect(rows[1]!.slice(1, 16)).toEqual([
      'Ana Manager',
      4000,
      1,
      3600,
      4000,
      4400,
      '0–5%',
      undefined,
      'None',
      undefined,
      undefined,
      undefined,
      undefined,
      4000,
      1,
    ]);
    const money = excelMoneyFormat(DEFAULT_MONEY_FORMAT);
    for (const column of [C.currentGross, C.bandMinimum, C.midpoint, C.bandMaximum, C.newGross])
      expect(sheet.getRow(2).getCell(headerOf(sheet).indexOf(column) + 1).numFmt, column).toBe(money);
    // The Proposal Key: the last column, hidden, one per row.
    const key = sheet.getColumn(Object.keys(C).length);
    expect(key.hidden).toBe(true);
    expect(String(sheet.getRow(2).getCell(Object.keys(C).length).value)).toMatch(/^rc1:\[/);
  });

  it('writes a proposal as its cells: kind, value (a percent or money), new grade and level by name', async () => {
    const saved = await propose([
      { employeeId: ids.ana, rating: 4, kind: 'PERCENT', value: 2.5 },
      { employeeId: ids.ben, kind: 'AMOUNT', value: 150 },
      { employeeId: ids.cleo, kind: 'MOVE', gradeId: ids.grade, levelId: ids.senior, reason: 'Promotion' },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const sheet = (await exported()).book.getWorksheet(WORKSHEET_SHEET_NAME)!;
    const header = headerOf(sheet);
    const cells = (n: number) =>
      [C.rating, C.kind, C.value, C.newGrade, C.newLevel, C.reason, C.newGross].map(
        (h) => sheet.getRow(n).getCell(header.indexOf(h) + 1).value,
      );
    // Rows 3–5: Ana, Ben, Cleo (row 2 is "=Dia", first in name order).
    expect(cells(3)).toEqual([4, 'Percent', 2.5, null, null, null, 4100]);
    expect(cells(4)).toEqual([null, 'Amount', 150, null, null, null, 4150]);
    expect(cells(5)).toEqual([null, 'Move', null, names.grade, 'Senior', 'Promotion', 4500]);
    const value = header.indexOf(C.value) + 1;
    expect(sheet.getRow(3).getCell(value).numFmt).toBe('0.00"%"');
    expect(sheet.getRow(4).getCell(value).numFmt).toBe(excelMoneyFormat(DEFAULT_MONEY_FORMAT));
    await clearProposals();
  });

  it("holds a limited manager's team only", async () => {
    const sheet = (await exported(managerToken)).book.getWorksheet(WORKSHEET_SHEET_NAME)!;
    expect(sheet.getRow(2).getCell(2).value).toBe('Ben Report');
    expect(sheet.getRow(3).values).toEqual([]);
  });

  it('is refused as the worksheet is: no permission 403, no cycle 404', async () => {
    const reader = await t.createUser({ ...NO_PERMISSIONS, manageEmployee: true });
    const refused = await t.call({
      method: 'GET',
      url: `/api/raise-cycles/${cycleId}/worksheet.xlsx`,
      token: reader.token,
    });
    expect(refused.statusCode).toBe(403);
    const missing = await t.callAsAdmin({ method: 'GET', url: '/api/raise-cycles/999999/worksheet.xlsx' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the import', () => {
  it('previews the rows the file changes, before → after with their new gross, and writes nothing', async () => {
    const { book } = await exported();
    const anaRow = edit(book, ids.ana, { [C.rating]: 4, [C.kind]: 'Percent', [C.value]: 3 });
    // A formula's cached result is read as the value; the move by names, any case.
    const cleoRow = edit(book, ids.cleo, {
      [C.kind]: 'move',
      [C.newGrade]: names.grade.toUpperCase(),
      [C.newLevel]: ' senior ',
      [C.reason]: 'Promotion',
      [C.newGross]: 99_999, // a calculated column: not read
    });
    const preview = await importBook(book, { dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.envelope.message).toBe('2 to change, 2 unchanged');
    expect(preview.envelope.data).toEqual({
      sheet: WORKSHEET_SHEET_NAME,
      changed: 2,
      changes: [
        {
          row: anaRow,
          employeeId: ids.ana,
          name: 'Ana Manager',
          before: { rating: null, kind: 'NONE', value: null, grade: null, level: null, reason: '' },
          after: { rating: 4, kind: 'PERCENT', value: 3, grade: null, level: null, reason: '' },
          currentGross: 4000,
          newGrossBefore: 4000,
          newGross: 4120,
        },
        {
          row: cleoRow,
          employeeId: ids.cleo,
          name: 'Cleo Outside',
          before: { rating: null, kind: 'NONE', value: null, grade: null, level: null, reason: '' },
          after: {
            rating: null,
            kind: 'MOVE',
            value: null,
            grade: names.grade,
            level: 'Senior',
            reason: 'Promotion',
          },
          currentGross: 4000,
          newGrossBefore: 4000,
          newGross: 4500,
        },
      ],
      unchanged: 2,
      totals: { eligiblePayroll: 16_000, budget: 320, budgetUsed: 620, overBudget: true },
      warnings: ['The proposals are over budget'],
    });
    expect((await worksheet()).rows.every((r) => r.proposal === null)).toBe(true);
    const entries = await t.callAsAdmin<{ entries: Array<{ action: string }> }>({
      method: 'GET',
      url: '/api/audit?entityType=raiseCycle&limit=50',
    });
    const proposeCount = entries.envelope.data.entries.filter((e) => e.action === 'propose').length;

    const done = await importBook(book);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.envelope.message).toBe('2 proposals imported. The proposals are over budget');
    expect(done.envelope.data.changes.map((c) => c.newGross)).toEqual([4120, 4500]);
    const sheet = await worksheet();
    const row = (id: number) => sheet.rows.find((r) => r.employeeId === id)!;
    expect(row(ids.ana)).toMatchObject({
      rating: 4,
      proposal: { kind: 'PERCENT', value: 3, gradeId: null, levelId: null, reason: null },
      newGross: 4120,
    });
    expect(row(ids.cleo)).toMatchObject({
      proposal: { kind: 'MOVE', value: null, gradeId: ids.grade, levelId: ids.senior, reason: 'Promotion' },
      newGross: 4500,
    });
    expect([row(ids.ben).proposal, row(ids.dia).proposal]).toEqual([null, null]);
    // One audit entry, the proposals' own.
    const after = await t.callAsAdmin<{ entries: Array<{ action: string }> }>({
      method: 'GET',
      url: '/api/audit?entityType=raiseCycle&limit=50',
    });
    expect(after.envelope.data.entries.filter((e) => e.action === 'propose').length).toBe(proposeCount + 1);

    // The same file again changes nothing: what it says is what is stored.
    const again = await importBook(book);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.envelope.data).toMatchObject({ changed: 0, changes: [], unchanged: 4 });
    await clearProposals();
  });

  it('reads a formula by its result and a value typed as text ("3.5%", "$1,200.50")', async () => {
    const { book } = await exported();
    edit(book, ids.ana, { [C.kind]: 'Percent', [C.value]: '3.5%' });
    edit(book, ids.ben, { [C.kind]: 'AMOUNT', [C.value]: '$1,200.50', [C.reason]: 'Market' });
    edit(book, ids.dia, { [C.kind]: 'Percent', [C.value]: { formula: '1+1', result: 2 } });
    const res = await importBook(book, { dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    // In the file's order: "=Dia" first.
    expect(res.envelope.data.changes.map((c) => [c.after.kind, c.after.value])).toEqual([
      ['PERCENT', 2],
      ['PERCENT', 3.5],
      ['AMOUNT', 1200.5],
    ]);
  });

  it("keeps someone else's later save of a row the file does not change", async () => {
    const { book } = await exported();
    // After the export, an administrator proposes for Ben in the app.
    expect((await propose([{ employeeId: ids.ben, kind: 'AMOUNT', value: 100 }])).statusCode).toBe(200);
    edit(book, ids.ana, { [C.kind]: 'Percent', [C.value]: 2 });
    const res = await importBook(book);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.data.changed).toBe(1);
    expect(await proposalOf(ids.ben)).toMatchObject({ kind: 'AMOUNT', value: 100 });
    expect(await proposalOf(ids.ana)).toMatchObject({ kind: 'PERCENT', value: 2 });
    await clearProposals();
  });

  it('refuses the whole file (409, naming the rows) when a row it changes was changed in the app since', async () => {
    const { book } = await exported();
    const benRow = edit(book, ids.ben, { [C.kind]: 'Amount', [C.value]: 120 });
    edit(book, ids.ana, { [C.kind]: 'Percent', [C.value]: 1 });
    expect((await propose([{ employeeId: ids.ben, rating: 2, kind: 'AMOUNT', value: 80 }])).statusCode).toBe(
      200,
    );
    for (const dryRun of [true, false]) {
      const res = await importBook(book, { dryRun });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.envelope.error).toBe('PROPOSAL_CONFLICT');
      expect(res.envelope.message).toBe(
        `A row was changed in the app since the file was exported: row ${benRow} (Ben Report) (sheet "Worksheet"). Nothing was imported; export the worksheet again and make your changes there.`,
      );
      expect((res.envelope.data as unknown as { conflicts: WorksheetConflict[] }).conflicts).toEqual([
        {
          row: benRow,
          employeeId: ids.ben,
          name: 'Ben Report',
          exported: { rating: null, kind: 'NONE', value: null, grade: null, level: null, reason: '' },
          now: { rating: 2, kind: 'AMOUNT', value: 80, grade: null, level: null, reason: '' },
        },
      ]);
    }
    // Nothing written: Ana's row, not in conflict, was not saved either.
    expect(await proposalOf(ids.ana)).toBeNull();
    expect(await proposalOf(ids.ben)).toMatchObject({ kind: 'AMOUNT', value: 80 });
    await clearProposals();
  });

  it('refuses bad cells with 400, naming each row and column, and writes nothing', async () => {
    const { book } = await exported();
    const sheet = book.getWorksheet(WORKSHEET_SHEET_NAME)!;
    const ana = edit(book, ids.ana, { [C.kind]: 'Raise', [C.rating]: 7 });
    const ben = edit(book, ids.ben, { [C.kind]: 'Percent', [C.value]: 'abc', [C.reason]: 'Tab\there' });
    const cleo = edit(book, ids.cleo, {
      [C.kind]: 'Move',
      [C.newGrade]: 'No such grade',
      [C.newLevel]: 'Senior',
    });
    const dia = edit(book, ids.dia, { [C.kind]: 'Amount', [C.value]: { error: '#N/A' } });
    // A row of an employee not in the cycle (Eli left), another of no employee at all.
    const eli = sheet.addRow([ids.eli, 'Eli Leaver']).number;
    sheet.getRow(eli).getCell(Object.keys(C).length).value = sheet
      .getRow(ana)
      .getCell(Object.keys(C).length).value;
    const nobody = sheet.addRow([999_999]).number;
    const res = await importBook(book, { dryRun: true });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.envelope.error).toBe('VALIDATION_ERROR');
    expect(res.envelope.message).toBe('The file has 8 problems (sheet "Worksheet"); nothing was imported.');
    const problems = (res.envelope.data as unknown as { problems: ImportProblem[] }).problems;
    expect(problems).toEqual([
      { row: dia, column: C.value, message: 'Raise value holds the spreadsheet error #N/A' },
      { row: ana, column: C.rating, message: 'Rating must be a whole number from 1 to 5' },
      { row: ana, column: C.kind, message: 'Raise kind must be one of None, Percent, Amount, Move' },
      { row: ben, column: C.value, message: 'Value must be a number' },
      { row: ben, column: C.reason, message: 'Reason must not contain control characters' },
      { row: cleo, column: C.newGrade, message: 'Grade "No such grade" not found' },
      { row: eli, column: C.employeeId, message: `Employee ${ids.eli} is not in this cycle` },
      { row: nobody, column: C.employeeId, message: 'Employee 999999 is not in this cycle' },
    ]);
    expect((await importBook(book)).statusCode).toBe(400);
    expect((await worksheet()).rows.every((r) => r.proposal === null)).toBe(true);
  });

  it('refuses what a kind does not take, and a row without its key', async () => {
    const { book } = await exported();
    const ana = edit(book, ids.ana, { [C.kind]: 'None', [C.value]: 3 });
    const ben = edit(book, ids.ben, { [C.kind]: 'Percent', [C.value]: 0, [C.newLevel]: 'Senior' });
    const cleo = edit(book, ids.cleo, { [C.kind]: 'Move', [C.newGrade]: names.grade });
    const dia = edit(book, ids.dia, { [C.kind]: 'Amount', [C.value]: 1.005, [C.key]: 'typed over' });
    const res = await importBook(book, { dryRun: true });
    expect(res.statusCode, res.body).toBe(400);
    expect((res.envelope.data as unknown as { problems: ImportProblem[] }).problems).toEqual([
      { row: dia, column: C.value, message: 'Value can have at most 2 decimals' },
      {
        row: dia,
        column: C.key,
        message:
          'The row has no readable Proposal Key (the hidden last column of an exported worksheet): export the worksheet again and edit that file',
      },
      { row: ana, column: C.value, message: 'Raise value must be blank for None' },
      { row: ben, column: C.value, message: 'A Percent raise needs a value above zero' },
      { row: ben, column: C.newLevel, message: 'New level is only for a Move' },
      { row: cleo, column: C.newLevel, message: 'A Move needs a new level' },
    ]);
  });

  it("names the row and column of the proposals' own refusal (outside the guideline without a reason)", async () => {
    const { book } = await exported();
    const ben = edit(book, ids.ben, { [C.kind]: 'Percent', [C.value]: 9 });
    const res = await importBook(book, { dryRun: true });
    expect(res.statusCode, res.body).toBe(400);
    expect((res.envelope.data as unknown as { problems: ImportProblem[] }).problems).toEqual([
      {
        row: ben,
        column: C.reason,
        message: 'A raise outside the recommended range (0–5%) needs a reason',
      },
    ]);
  });

  it('lets a limited manager import their team, and refuses a row of an outsider as not in the cycle', async () => {
    const { book } = await exported(managerToken);
    edit(book, ids.ben, { [C.kind]: 'Percent', [C.value]: 1.5 });
    const ok = await importBook(book, { token: managerToken });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.envelope.data).toMatchObject({ changed: 1, unchanged: 0 });
    expect(ok.envelope.data.totals.eligiblePayroll).toBe(4000);
    expect(await proposalOf(ids.ben)).toMatchObject({ kind: 'PERCENT', value: 1.5 });
    // Cleo's row (outside the team) with a key made for her: the answer of an id not in the cycle.
    const admin = (await exported()).book.getWorksheet(WORKSHEET_SHEET_NAME)!;
    const cleoValues = admin.getRow(5).values as ExcelJS.CellValue[];
    expect(cleoValues[1]).toBe(ids.cleo);
    const sheet = book.getWorksheet(WORKSHEET_SHEET_NAME)!;
    const row = sheet.addRow(cleoValues.slice(1)).number;
    sheet.getRow(row).getCell(10).value = 'Percent';
    sheet.getRow(row).getCell(11).value = 1;
    const res = await importBook(book, { token: managerToken });
    expect(res.statusCode, res.body).toBe(400);
    expect((res.envelope.data as unknown as { problems: ImportProblem[] }).problems).toEqual([
      { row, column: C.employeeId, message: `Employee ${ids.cleo} is not in this cycle` },
    ]);
    expect(await proposalOf(ids.cleo)).toBeNull();
    await clearProposals();
  });

  it('refuses who may not propose (403) and a cycle that does not exist (404)', async () => {
    const { book } = await exported();
    const reader = await t.createUser({ ...NO_PERMISSIONS, showSalary: true });
    expect((await importBook(book, { token: reader.token })).statusCode).toBe(403);
    expect((await importBook(book, { id: 999_999 })).statusCode).toBe(404);
  });

  it('refuses a file that is not a workbook, too large, too long, without the columns, or of another cycle', async () => {
    const notXlsx = await importBook(Buffer.from('just some text, not a spreadsheet'));
    expect([notXlsx.statusCode, notXlsx.envelope.error]).toEqual([400, 'INVALID_FILE']);
    const tooLarge = await importBook(Buffer.alloc(MAX_BYTES + 1, 1));
    expect([tooLarge.statusCode, tooLarge.envelope.error]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const noColumns = await importBook(
      await xlsxOf(
        [
          ['ID', 'Name'],
          [ids.ana, 'Ana Manager'],
        ],
        'Employees',
      ),
    );
    expect([noColumns.statusCode, noColumns.envelope.error]).toEqual([400, 'MISSING_COLUMNS']);
    expect(noColumns.envelope.message).toBe(
      'Missing columns: Employee ID, Rating, Raise kind, Raise value, New grade, New level, Reason, Proposal Key. Import a worksheet exported from this raise cycle (Export worksheet) (sheet "Employees")',
    );
    const long = await importBook(
      await xlsxOf(
        [Object.values(C), ...Array.from({ length: MAX_ROWS + 1 }, (_, i) => [i + 1])],
        'Worksheet',
      ),
    );
    expect([long.statusCode, long.envelope.message]).toEqual([
      400,
      `The file has ${MAX_ROWS + 1} rows; the limit is ${MAX_ROWS} (sheet "Worksheet")`,
    ]);
    const empty = await importBook(await xlsxOf([Object.values(C)], 'Worksheet'));
    expect([empty.statusCode, empty.envelope.error]).toEqual([400, 'EMPTY_FILE']);
    // Another cycle's file.
    const other = await draftCycle(t, 'Another cycle', ids.grade, addDays(todayIn('UTC'), 40));
    const { book } = await exported(t.adminToken, other);
    edit(book, ids.ana, { [C.kind]: 'Percent', [C.value]: 1 });
    const foreign = await importBook(book);
    expect([foreign.statusCode, foreign.envelope.message]).toEqual([
      400,
      'The file was exported from another raise cycle; export this cycle’s worksheet and import that (sheet "Worksheet")',
    ]);
    expect(await proposalOf(ids.ana)).toBeNull();
  });

  it('is refused (409) once the cycle is no longer a draft', async () => {
    const { book } = await exported();
    edit(book, ids.ana, { [C.kind]: 'Percent', [C.value]: 1 });
    const submitted = await t.callAsAdmin({ method: 'POST', url: `/api/raise-cycles/${cycleId}/submit` });
    expect(submitted.statusCode, submitted.body).toBe(200);
    for (const dryRun of [true, false]) {
      const res = await importBook(book, { dryRun });
      expect([res.statusCode, res.envelope.error, res.envelope.message]).toEqual([
        409,
        'CONFLICT',
        'Proposals can be changed only while the cycle is a draft',
      ]);
    }
    // The export still reads it.
    expect((await exported()).res.statusCode).toBe(200);
  });
});

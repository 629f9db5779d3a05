import * as XLSX from '@e965/xlsx';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company } from '../support/factories.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import {
  DAY_HEADERS,
  download,
  everyValue,
  IMPORT_HEADER,
  importFile,
  loadWorkbook,
  sheetValues,
} from './excel-files.ts';

/** The employee's own pay, after the figures: its benefit choice, then its allowance (showSalary). */
const INDIVIDUAL_PAY_HEADERS = [
  'Benefits Not Received',
  'Allowance Type',
  'Individual Allowance',
  'Allowance Reason',
];

let t: TestContext;
let c: Company;
let otherJob: { id: number; name: string };
let ids: { ada: number; orphan: number; other: number };
let tokens: Record<'plain' | 'salary' | 'cost', string>;

const FORMULA_LIKE = ['=SUM(A1)', '+1', '-2', '@x'];

beforeAll(async () => {
  t = await buildTestApp();
  // Figures nobody would type by accident, so "appears nowhere in the file" means something.
  c = await t.newCompany(7777.77);
  await t.setSettings({
    benefits: [{ name: 'Health', amount: 123.45, type: 'FIXED_AMOUNT' }],
    socialInsuranceEnabled: true,
    socialInsuranceType: 'COMPANY_FULL',
    totalInsurancePercentage: 10,
  });
  const noBase = await t.newLevel();
  otherJob = await t.newJob();
  const otherPosition = await t.newPosition(otherJob.id);
  const base = { jobId: c.job.id, positionId: c.position.id, gradeId: c.grade.id, levelId: c.level.id };
  ids = {
    ada: await t.newEmployee({
      ...base,
      name: 'Ada Lovelace',
      yearsExperience: 5.25,
      yearsWithCompany: 2,
      pillar: true,
      remote: true,
    }),
    orphan: await t.newEmployee({ ...base, name: 'No Base Salary', levelId: noBase.id }),
    other: await t.newEmployee({
      ...base,
      jobId: otherJob.id,
      positionId: otherPosition.id,
      name: 'Other Job',
      offshoreProject: true,
    }),
  };
  for (const name of FORMULA_LIKE) await t.newEmployee({ ...base, name });
  tokens = {
    plain: (await t.createUser()).token,
    salary: (await t.createUser({ showSalary: true })).token,
    cost: (await t.createUser({ showCost: true })).token,
  };
});
afterAll(async () => t.close());

async function listed(token = t.adminToken): Promise<EmployeeView[]> {
  const res = await t.call<EmployeeView[]>({ method: 'GET', url: '/api/employees', token });
  return res.envelope.data;
}

async function exported(query = '', token = t.adminToken) {
  const res = await download(t, `/api/employees/export${query}`, token);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const book = await loadWorkbook(res.bytes);
  const sheet = book.worksheets[0]!;
  return { res, book, sheet, rows: sheetValues(sheet) };
}

describe('GET /api/employees/export', () => {
  it('downloads employees_export.xlsx: a bold, frozen, filterable header and typed cells', async () => {
    const { res, sheet, rows, book } = await exported();
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe('attachment; filename="employees_export.xlsx"');
    expect(sheet.name).toBe('Employees');
    expect(rows[0]).toEqual([
      ...IMPORT_HEADER,
      'Gender',
      ...DAY_HEADERS,
      'Calculated Salary',
      'Compa-ratio',
      'Total Cost',
      ...INDIVIDUAL_PAY_HEADERS,
      'Row Key',
    ]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(1).getCell(15).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    // The filter covers every row (and the name LibreOffice and Gnumeric look for says so).
    expect(sheet.autoFilter).toBe(`A1:Y${rows.length}`);
    const names = (book as unknown as { definedNames: { model: Array<{ name: string; ranges: string[] }> } })
      .definedNames.model;
    expect(names).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: '_xlnm._FilterDatabase',
          ranges: [`Employees!$A$1:$Y$${rows.length}`],
        }),
      ]),
    );
    expect(sheet.pageSetup).toMatchObject({
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
    });
    expect(sheet.pageSetup.printTitlesRow).toBe('1:1');
    expect(book.title).toBe('Employees');
    expect(book.creator).toBe('Salary System');
    // Every header fits its column, with room for the filter button; the Row Key is hidden.
    rows[0]!.forEach((header, i) => {
      const column = sheet.getColumn(i + 1);
      if (header === 'Row Key') expect(column.hidden).toBe(true);
      else expect(column.width, String(header)).toBeGreaterThanOrEqual(String(header).length + 2);
    });
    // The widest name fits too.
    const widest = Math.max(...rows.slice(1).map((r) => String(r[1]).length));
    expect(sheet.getColumn(2).width).toBeGreaterThanOrEqual(Math.min(widest, 58));
    expect(book.getWorksheet('Export Key')?.state).toBe('veryHidden');

    const list = await listed();
    expect(rows.slice(1).map((r) => r[0])).toEqual(list.map((e) => e.id));
    const ada = list.find((e) => e.id === ids.ada)!;
    const adaRow = sheet.getRow(rows.findIndex((r) => r[0] === ids.ada) + 1);
    // The hidden Row Key: this installation, the ID, the version, …
    expect(String(adaRow.getCell(25).value)).toMatch(new RegExp(`^ss1:[0-9a-f]{12}:${ids.ada}:1:`));
    expect((adaRow.values as unknown[]).slice(1, 21)).toEqual([
      ids.ada,
      'Ada Lovelace',
      c.job.name,
      c.position.name,
      c.grade.name,
      c.level.name,
      5.25,
      2,
      'No',
      'No',
      'Yes',
      'Yes',
      'Undisclosed',
      // No days: empty cells.
      undefined,
      undefined,
      undefined,
      40,
      ada.calculatedSalary,
      ada.compaRatio,
      ada.accumulatedCost,
    ]);
    expect(ada.calculatedSalary).toBe(7777.77);
    expect(ada.compaRatio).toBe(1);
    for (const col of [1, 7, 8, 17, 18, 19, 20])
      expect(adaRow.getCell(col).type).toBe(ExcelJS.ValueType.Number);
    expect(adaRow.getCell(18).numFmt).toBe('"$"#,##0.00');
    expect(adaRow.getCell(20).numFmt).toBe('"$"#,##0.00');

    // No base salary for the grade and level: the money cells are empty, not 0.
    const orphanRow = rows.find((r) => r[0] === ids.orphan)!;
    expect(orphanRow[17] ?? null).toBeNull();
    expect(orphanRow[18] ?? null).toBeNull();
    expect(orphanRow[19] ?? null).toBeNull();
  });

  it('writes formula-like names as plain text that round-trips exactly', async () => {
    const { res, sheet, rows } = await exported();
    for (const name of FORMULA_LIKE) {
      const rowNumber = rows.findIndex((r) => r[1] === name) + 1;
      expect(rowNumber, name).toBeGreaterThan(1);
      const cell = sheet.getRow(rowNumber).getCell(2);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
      expect(cell.value).toBe(name);
    }
    // A second reader agrees: string cells ('s'), no formula ('f') anywhere.
    const other = XLSX.read(res.bytes, { type: 'buffer', cellFormula: true });
    const ws = other.Sheets[other.SheetNames[0]!]!;
    for (const [address, cell] of Object.entries(ws)) {
      if (address.startsWith('!')) continue;
      expect((cell as XLSX.CellObject).f, address).toBeUndefined();
    }
    const names = XLSX.utils.sheet_to_json<Record<string, unknown>>(ws).map((r) => r.Name);
    expect(names).toEqual(expect.arrayContaining(FORMULA_LIKE));

    // Imported back, the names are unchanged.
    const before = await listed();
    const back = await importFile(t, res.bytes);
    expect(back.statusCode, back.body).toBe(200);
    expect(await listed()).toEqual(before);
  });

  it('shows Calculated Salary only with showSalary and Total Cost only with showCost — no figures otherwise', async () => {
    const figures = (await listed()).flatMap((e) => [e.calculatedSalary, e.accumulatedCost]);
    const money = figures.filter((v): v is number => typeof v === 'number');
    expect(money).toContain(7777.77);

    const plain = await exported('', tokens.plain);
    expect(plain.rows[0]).toEqual([...IMPORT_HEADER, ...DAY_HEADERS, 'Row Key']);
    const values = everyValue(plain.book);
    for (const figure of money) expect(values).not.toContain(figure);
    expect(values.map(String).join('|')).not.toMatch(/7777|Calculated Salary|Total Cost/);

    const salary = await exported('', tokens.salary);
    expect(salary.rows[0]).toEqual([
      ...IMPORT_HEADER,
      ...DAY_HEADERS,
      'Calculated Salary',
      'Compa-ratio',
      ...INDIVIDUAL_PAY_HEADERS,
      'Row Key',
    ]);
    // Each row's compa-ratio as the list shows it, a number with two decimals.
    const ratios = new Map((await listed()).map((e) => [e.id, e.compaRatio ?? null]));
    expect(ratios.size).toBeGreaterThan(0);
    for (const r of salary.rows.slice(1)) expect(r[17] ?? null).toBe(ratios.get(Number(r[0])));
    const cost = await exported('', tokens.cost);
    // The benefit choice is read with either figure; the allowance only with showSalary.
    expect(cost.rows[0]).toEqual([
      ...IMPORT_HEADER,
      ...DAY_HEADERS,
      'Total Cost',
      'Benefits Not Received',
      'Row Key',
    ]);
  });

  it("honours the list's filters, and refuses salary filters without showSalary", async () => {
    const byJob = await exported(`?technologyId=${otherJob.id}`);
    expect(byJob.rows.slice(1).map((r) => r[1])).toEqual(['Other Job']);

    const bySalary = await exported('?salaryFrom=7000&salaryTo=8000', tokens.salary);
    expect(bySalary.rows.length).toBeGreaterThan(1);
    for (const r of bySalary.rows.slice(1)) expect(r[16]).toBe(7777.77);

    const refused = await t.call({
      method: 'GET',
      url: '/api/employees/export?salaryFrom=1',
      token: tokens.cost,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.envelope).toMatchObject({
      success: false,
      message: 'You do not have permission to filter by salary',
    });
    const bad = await t.call({
      method: 'GET',
      url: '/api/employees/export?gradeId=abc',
      token: tokens.plain,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    expect((await t.call({ method: 'GET', url: '/api/employees/export' })).statusCode).toBe(401);
  });
});

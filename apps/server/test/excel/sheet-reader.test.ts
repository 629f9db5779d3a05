import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/app-error.ts';
import { exportColumns, exportRow } from '../../src/modules/excel/export.workbook.ts';
import { detectFormat, readSheetRows, UNREADABLE_MESSAGE } from '../../src/modules/excel/sheet.reader.ts';
import type { SheetRow } from '../../src/modules/excel/sheet-cells.model.ts';
import { SheetError } from '../../src/modules/excel/sheet-cells.model.ts';
import { type WorkbookLimits, workbookLimits } from '../../src/modules/excel/workbook.limits.ts';
import { declaredSize, zipEntries } from '../../src/modules/excel/zip.reader.ts';
import { xlsOf, xlsxOf } from './excel-files.ts';
import { workbookOf } from './hostile-files.ts';

/*
 * Reading workbooks from every writer we can build here (ExcelJS regular and streaming,
 * @e965/xlsx as .xlsx and .xls), and refusing what is not a workbook.
 */

const LIMITS = workbookLimits({ importMaxRows: 100_000, importMaxBytes: 20 * 1024 * 1024 });

async function rowsOf(bytes: Buffer, limits: Partial<WorkbookLimits> = {}): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const row of readSheetRows(bytes, { ...LIMITS, ...limits })) rows.push(row);
  return rows;
}

async function failureOf(bytes: Buffer, limits: Partial<WorkbookLimits> = {}): Promise<AppError> {
  try {
    await rowsOf(bytes, limits);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected the file to be refused');
}

/** ExcelJS's streaming writer without shared strings: text cells are t="str". */
async function streamedXlsx(rows: unknown[][]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on('end', resolve));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
  const sheet = book.addWorksheet('Data');
  for (const r of rows) sheet.addRow(r).commit();
  sheet.commit();
  await book.commit();
  await ended;
  return Buffer.concat(chunks);
}

describe('detectFormat', () => {
  it.each([
    ['an .xlsx (zip)', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2]), 'xlsx'],
    ['an .xls (compound file)', Buffer.from('d0cf11e0a1b11ae1ffff', 'hex'), 'xls'],
    ['text', Buffer.from('Name,Job\nAda,Backend'), null],
    ['nothing', Buffer.alloc(0), null],
  ])('%s', (_label, bytes, expected) => {
    expect(detectFormat(bytes)).toBe(expected);
  });
});

describe('zipEntries', () => {
  it('lists what a real workbook declares, and refuses a zip without its directory', async () => {
    const bytes = await xlsxOf([['Name'], ['x'.repeat(10_000)]]);
    const entries = zipEntries(bytes);
    expect(entries?.map((e) => e.name)).toContain('xl/workbook.xml');
    expect(declaredSize(entries!)).toBeGreaterThan(10_000);
    expect(zipEntries(bytes.subarray(0, bytes.length - 30))).toBeNull();
    expect(zipEntries(Buffer.from('PK\x03\x04 not really a zip'))).toBeNull();
  });
});

describe('readSheetRows', () => {
  const table = [
    ['Name', 'Years', 'Remote'],
    ['=SUM(A1)', 2.5, true],
    ['Tom & Jerry <b>', 0, false],
  ];

  it('reads an .xlsx written by ExcelJS, with the row numbers Excel shows', async () => {
    const rows = await rowsOf(await xlsxOf([...table, [], ['last', 1, null]]));
    expect(rows.map((r) => r.rowNumber)).toEqual([1, 2, 3, 5]);
    expect(rows[1]?.cells).toEqual(['=SUM(A1)', 2.5, true]);
    expect(rows[2]?.cells).toEqual(['Tom & Jerry <b>', 0, false]);
  });

  it("reads ExcelJS's streamed .xlsx with inline strings", async () => {
    const rows = await rowsOf(await streamedXlsx(table));
    expect(rows.map((r) => r.cells)).toEqual(table);
  });

  it('reads an .xlsx written by @e965/xlsx', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(table), 'S');
    const rows = await rowsOf(XLSX.write(book, { bookType: 'xlsx', type: 'buffer' }) as Buffer);
    expect(rows.map((r) => r.cells)).toEqual(table);
  });

  it('reads a legacy .xls (BIFF8)', async () => {
    const rows = await rowsOf(xlsOf([...table, [null, null, null], ['last', 1, null]]));
    expect(rows.filter((r) => r.cells.some((c) => c !== null)).map((r) => [r.rowNumber, ...r.cells])).toEqual(
      [
        [1, ...table[0]!],
        [2, ...table[1]!],
        [3, ...table[2]!],
        [5, 'last', 1],
      ],
    );
  });

  it('reads the first visible sheet, skipping a hidden one before it', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Secret', { state: 'hidden' }).addRow(['hidden']);
    book.addWorksheet('Employees').addRow(['shown']);
    book.addWorksheet('Other').addRow(['later']);
    const rows = await rowsOf(Buffer.from(await book.xlsx.writeBuffer()));
    expect(rows.map((r) => r.cells)).toEqual([['shown']]);
  });

  it.each([
    ['random bytes', () => randomBytes(4096)],
    ['a zip header then garbage', () => Buffer.concat([Buffer.from('PK\x03\x04'), randomBytes(4096)])],
    ['a truncated .xlsx', async () => (await xlsxOf(table)).subarray(0, 2000)],
    [
      'a compound file that is no workbook',
      () => Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), randomBytes(4096)]),
    ],
    [
      'a zip that is not a workbook (.ods)',
      () => {
        const book = XLSX.utils.book_new();
        XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(table), 'S');
        return XLSX.write(book, { bookType: 'ods', type: 'buffer' }) as Buffer;
      },
    ],
  ])('refuses %s as unreadable', async (_label, make) => {
    const error = await failureOf(await make());
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(UNREADABLE_MESSAGE);
  });

  it('reads every kind of cell as the cell shows it', async () => {
    const sheet = `<worksheet><sheetData><row r="2" spans="1:9">
      <c r="A2" t="s"><v>0</v></c><c r="B2" t="s"><v>1</v></c>
      <c r="C2" t="inlineStr"><is><r><t>In</t></r><r><t xml:space="preserve">line &amp; </t></r><rPh><t>x</t></rPh></is></c>
      <c r="D2" t="b"><v>1</v></c><c r="E2" t="e"><v>#N/A</v></c><c r="F2"><f>1+1</f><v>2.5</v></c>
      <c r="G2" t="str"><f>A2</f><v>=text</v></c><c r="H2" t="d"><v>2024-03-01T00:00:00Z</v></c>
      <c r="J2" s="3"/><c><v>7</v></c><c r="L2"><![CDATA[ignored]]></c>
    </row><!-- a comment --><row><c><v>1E3</v></c></row></sheetData></worksheet>`;
    const strings =
      '<sst><si><t>Ada</t></si><si><r><t>Back</t></r><r><t>end</t></r><rPh><t>ph</t></rPh></si></sst>';
    const rows = await rowsOf(workbookOf({ head: sheet }, { head: strings }));
    expect(rows).toEqual([
      {
        rowNumber: 2,
        cells: [
          'Ada',
          'Backend',
          'Inline & ',
          true,
          new SheetError('#N/A'),
          2.5,
          '=text',
          '2024-03-01',
          null,
          null,
          7,
        ],
      },
      { rowNumber: 3, cells: [1000] },
    ]);
  });

  it.each<[string, Buffer, Partial<WorkbookLimits>, RegExp]>([
    [
      'more shared strings than allowed',
      workbookOf({ head: '<worksheet/>' }, { head: `<sst>${'<si><t>a</t></si>'.repeat(11)}</sst>` }),
      { maxSharedStrings: 10 },
      /more than 10 shared strings, the most an import reads/,
    ],
    [
      'a cell of more than 32,767 characters',
      workbookOf({
        head: `<worksheet><sheetData><row><c t="inlineStr"><is><t>${'x'.repeat(40_000)}</t></is></c></row></sheetData></worksheet>`,
      }),
      {},
      /A cell of row 1 holds more than 32,767 characters/,
    ],
    [
      'a cell past column XFD',
      workbookOf({
        head: '<worksheet><sheetData><row r="3"><c r="XFE3"><v>1</v></c></row></sheetData></worksheet>',
      }),
      {},
      /Row 3 has a cell past column XFD/,
    ],
    [
      'a row past 1,048,576',
      workbookOf({ head: '<worksheet><sheetData><row r="1048577"/></sheetData></worksheet>' }),
      {},
      /row past 1,048,576/,
    ],
    [
      'a DOCTYPE (entity expansion)',
      workbookOf({ head: '<!DOCTYPE x [<!ENTITY a "aaaa">]><worksheet><sheetData/></worksheet>' }),
      {},
      /^The file is not a readable Excel workbook/,
    ],
  ])('refuses %s, saying so', async (_label, bytes, limits, message) => {
    const error = await failureOf(bytes, limits);
    expect(error.statusCode).toBe(400);
    expect(error.message).toMatch(message);
  });

  it('refuses a workbook that declares more than it may unpack, before unpacking it', async () => {
    const error = await failureOf(await xlsxOf(table), { maxUnzippedBytes: 1000 });
    expect(error.statusCode).toBe(400);
    expect(error.message).toMatch(/unpacks to more than 1 KB, the most an import reads/);
  });
});

describe('export rows', () => {
  const employee: EmployeeView = {
    managerId: null,
    id: 3,
    name: '@x',
    technologyId: 1,
    specializationId: 2,
    gradeId: 3,
    levelId: 4,
    technology: { id: 1, name: 'Backend' },
    position: { id: 2, name: 'API Developer' },
    grade: { id: 3, name: 'G1' },
    level: { id: 4, name: 'Senior' },
    yearsExperience: 2.5,
    yearsWithCompany: 0,
    offshoreProject: true,
    actingAsDifferentGrade: false,
    pillar: false,
    remote: true,
    hireDate: '2023-04-01',
    careerStartDate: null,
    leaveDate: null,
    weeklyHours: 20.5,
    employmentStatus: 'ACTIVE',
    customMultipliers: [],
    calculatedSalary: 4450.5,
    compaRatio: 1.07,
    accumulatedCost: null,
  };
  // The days go out as Dates (date cells); a day not set is an empty cell.
  const base = [
    3,
    '@x',
    'Backend',
    'API Developer',
    'G1',
    'Senior',
    2.5,
    0,
    'Yes',
    'No',
    'No',
    'Yes',
    new Date('2023-04-01T00:00:00Z'),
    null,
    null,
    20.5,
  ];

  const ALLOWANCE = ['Allowance Type', 'Individual Allowance', 'Allowance Reason'];
  it.each([
    ['nothing extra', { salary: false, cost: false }, [], []],
    // The salary brings the individual allowance's columns (empty: none).
    [
      'the salary',
      { salary: true, cost: false },
      ['Calculated Salary', 'Compa-ratio', ...ALLOWANCE],
      [4450.5, 1.07, null, null, null],
    ],
    ['the cost (null when unpriced)', { salary: false, cost: true }, ['Total Cost'], [null]],
    [
      'both',
      { salary: true, cost: true },
      ['Calculated Salary', 'Compa-ratio', 'Total Cost', ...ALLOWANCE],
      [4450.5, 1.07, null, null, null, null],
    ],
    // The benefits not received, by name (none: an empty cell's text).
    [
      'the benefit choice',
      { salary: false, cost: true, benefits: true },
      ['Total Cost', 'Benefits Not Received'],
      [null, ''],
    ],
  ])('a user who may see %s', (_label, visibility, extraHeaders, extraValues) => {
    const columns = exportColumns(visibility);
    expect(columns.map((c) => c.header).slice(16)).toEqual(extraHeaders);
    expect(exportRow(columns, employee)).toEqual([...base, ...extraValues]);
  });
});

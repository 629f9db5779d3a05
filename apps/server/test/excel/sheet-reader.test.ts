import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/app-error.ts';
import { exportColumns, exportRow } from '../../src/modules/excel/export-workbook.ts';
import type { SheetRow } from '../../src/modules/excel/sheet-cells.ts';
import {
  declaredUnzippedSize,
  detectFormat,
  fromExcelJs,
  readSheetRows,
  UNREADABLE_MESSAGE,
} from '../../src/modules/excel/sheet-reader.ts';
import { xlsOf, xlsxOf } from './excel-files.ts';

/*
 * Reading workbooks from every writer we can build here (ExcelJS regular and streaming,
 * @e965/xlsx as .xlsx and .xls), and refusing what is not a workbook.
 */

async function rowsOf(bytes: Buffer, maxUnzipped = 1e9): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const row of readSheetRows(bytes, maxUnzipped)) rows.push(row);
  return rows;
}

async function failureOf(bytes: Buffer, maxUnzipped = 1e9): Promise<AppError> {
  try {
    await rowsOf(bytes, maxUnzipped);
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

describe('declaredUnzippedSize', () => {
  it('sums what a real workbook declares, and refuses a zip without its directory', async () => {
    const bytes = await xlsxOf([['Name'], ['x'.repeat(10_000)]]);
    expect(declaredUnzippedSize(bytes)).toBeGreaterThan(10_000);
    expect(declaredUnzippedSize(bytes.subarray(0, bytes.length - 30))).toBeNull();
    expect(declaredUnzippedSize(Buffer.from('PK\x03\x04 not really a zip'))).toBeNull();
  });
});

describe('fromExcelJs', () => {
  it.each<[string, ExcelJS.CellValue | undefined, unknown]>([
    ['empty', undefined, null],
    ['text', 'Ada', 'Ada'],
    ['a number', 2.5, 2.5],
    ['a boolean', true, true],
    ['rich text', { richText: [{ text: 'Back' }, { text: 'end' }] }, 'Backend'],
    ['a formula, by its result', { formula: 'A1+1', result: 3 }, 3],
    ['a formula without a result', { formula: 'A1+1' } as ExcelJS.CellValue, null],
    ['an error', { error: '#N/A' } as ExcelJS.CellValue, '#N/A'],
    ['a hyperlink, by its text', { text: 'Ada', hyperlink: 'https://example.com' }, 'Ada'],
    ['a date', new Date('2024-03-01T00:00:00Z'), '2024-03-01'],
  ])('%s', (_label, value, expected) => {
    expect(fromExcelJs(value)).toEqual(expected);
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

  it('refuses a workbook that would unpack to more than allowed, before unpacking it', async () => {
    const error = await failureOf(await xlsxOf(table), 1000);
    expect(error.statusCode).toBe(400);
    expect(error.message).toMatch(/unpacks to more data than an import may hold/);
  });
});

describe('export rows', () => {
  const employee: EmployeeView = {
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
    customMultipliers: [],
    calculatedSalary: 4450.5,
    accumulatedCost: null,
  };
  const base = [3, '@x', 'Backend', 'API Developer', 'G1', 'Senior', 2.5, 0, 'Yes', 'No', 'No', 'Yes'];

  it.each([
    ['nothing extra', { salary: false, cost: false }, [], []],
    ['the salary', { salary: true, cost: false }, ['Calculated Salary'], [4450.5]],
    ['the cost (null when unpriced)', { salary: false, cost: true }, ['Total Cost'], [null]],
    ['both', { salary: true, cost: true }, ['Calculated Salary', 'Total Cost'], [4450.5, null]],
  ])('a user who may see %s', (_label, visibility, extraHeaders, extraValues) => {
    const columns = exportColumns(visibility);
    expect(columns.map((c) => c.header).slice(12)).toEqual(extraHeaders);
    expect(exportRow(columns, employee)).toEqual([...base, ...extraValues]);
  });
});

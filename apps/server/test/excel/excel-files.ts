import { randomBytes } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { type ImportReport, XLSX_CONTENT_TYPE } from '@salary/shared/excel/excel.contract';
import ExcelJS from 'exceljs';
import type { ReferenceNames } from '../../src/modules/excel/name-book.model.ts';
import { openWorkbook } from '../../src/modules/excel/sheet.reader.ts';
import { cellText, type SheetRow } from '../../src/modules/excel/sheet-cells.model.ts';
import { workbookLimits } from '../../src/modules/excel/workbook.limits.ts';
import type { TestContext } from '../support/helper.ts';

/*
 * Workbooks and uploads built in the tests themselves — no opaque binary fixtures.
 */

/**
 * The names of a small company with two jobs, each with its own "Lead", for the import's pure
 * core: ids made up, no database.
 */
export const SMALL_COMPANY: ReferenceNames = {
  asOf: '2026-11-27',
  jobs: [
    { id: 1, name: 'Backend' },
    { id: 2, name: 'Frontend' },
  ],
  positions: [
    { id: 10, name: 'API Developer', jobId: 1 },
    { id: 11, name: 'Lead', jobId: 1 },
    { id: 20, name: 'UI Developer', jobId: 2 },
    { id: 21, name: 'Lead', jobId: 2 },
  ],
  grades: [{ id: 100, name: 'G1' }],
  levels: [{ id: 200, name: 'Senior' }],
};

export type Cells = Array<string | number | boolean | null | undefined>;

export const IMPORT_HEADER = [
  'ID',
  'Name',
  'Job',
  'Position',
  'Grade',
  'Level',
  'Years of Experience',
  'Years with Company',
  'Base on Project',
  'Acting as Different Grade',
  'Pillar',
  'Remote',
];

/** The days' columns and the hours, after Gender (personal: only for its readers) in exports and the template. */
export const DAY_HEADERS = ['Hire Date', 'Career Start Date', 'Leave Date', 'Weekly Hours'];

type Cell = Cells[number];
type Named = { name: string };

/**
 * An import row in the template's column order for `c`'s job, position, grade and level: ID
 * blank (a new employee) named New Hire, 1 year of experience, 0 with the company, every Yes/No
 * column No; `changes` replaces cells by their header.
 */
export function importRow(
  c: { job: Named; position: Named; grade: Named; level: Named },
  changes: Record<string, Cell> = {},
): Cells {
  for (const header of Object.keys(changes))
    if (!IMPORT_HEADER.includes(header)) throw new Error(`importRow: no column ${header}`);
  const row: Record<string, Cell> = {
    ID: null,
    Name: 'New Hire',
    Job: c.job.name,
    Position: c.position.name,
    Grade: c.grade.name,
    Level: c.level.name,
    'Years of Experience': 1,
    'Years with Company': 0,
    'Base on Project': 'No',
    'Acting as Different Grade': 'No',
    Pillar: 'No',
    Remote: 'No',
    ...changes,
  };
  return IMPORT_HEADER.map((header) => row[header]);
}

/**
 * An import row for someone in `e`'s job, position, grade and level (the names as the API
 * reads them), one year with the company; `changes` replaces cells by their header.
 */
export function importRowOf(
  e: Pick<EmployeeView, 'technology' | 'position' | 'grade' | 'level'>,
  changes: Record<string, Cell> = {},
): Cells {
  const place = { job: e.technology, position: e.position, grade: e.grade, level: e.level };
  return importRow(place, { 'Years with Company': 1, ...changes });
}

/** An .xlsx with one sheet holding `rows` (ExcelJS's regular writer, shared strings). */
export async function xlsxOf(rows: Cells[], sheetName = 'Employees'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row.map((v) => (v === undefined ? null : v)));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A legacy binary .xls (BIFF8) written by @e965/xlsx. */
export function xlsOf(rows: Cells[]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Employees');
  return XLSX.write(book, { bookType: 'biff8', type: 'buffer' }) as Buffer;
}

export async function loadWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book;
}

/** Every row of a sheet as plain values, row 1 first (ExcelJS's 1-based arrays flattened). */
export function sheetValues(sheet: ExcelJS.Worksheet): unknown[][] {
  const out: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    out[n - 1] = (row.values as unknown[]).slice(1);
  });
  return out;
}

/** A multipart/form-data body built by hand: app.inject sends it as the browser would. */
export function multipart(
  parts: Array<{ name: string; data: Buffer | string; filename?: string; contentType?: string }>,
) {
  const boundary = `----salary-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    const type =
      p.filename === undefined ? '' : `Content-Type: ${p.contentType ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The import's upload: the bytes in the `file` field, as the web app sends them. */
export function upload(bytes: Buffer, filename = 'employees.xlsx') {
  const contentType = filename.endsWith('.xls') ? 'application/vnd.ms-excel' : XLSX_CONTENT_TYPE;
  return multipart([{ name: 'file', data: bytes, filename, contentType }]);
}

/** GET a file as the user `token`; answers the raw bytes with the response. */
export async function download(t: TestContext, url: string, token?: string) {
  const res = await t.call({ method: 'GET', url, ...(token ? { token } : {}) });
  return Object.assign(res, { bytes: res.rawPayload });
}

/** POST /api/employees/import with `bytes` in the `file` field. */
export function importFile(
  t: TestContext,
  bytes: Buffer,
  options: { token?: string; query?: string; filename?: string } = {},
) {
  return t.call<ImportReport>({
    method: 'POST',
    url: `/api/employees/import${options.query ?? ''}`,
    token: options.token ?? t.adminToken,
    ...upload(bytes, options.filename),
  });
}

/** POST /api/employees/import of an .xlsx whose one sheet holds `rows` (its header row first). */
export async function importSheet(
  t: TestContext,
  rows: Cells[],
  options: { token?: string; query?: string; filename?: string } = {},
) {
  return importFile(t, await xlsxOf(rows), options);
}

/**
 * GET a workbook (the employee export unless `url` names another) as `token`'s user, the
 * administrator unless named: the response, its bytes included, and the book read from them.
 */
export async function downloadBook(t: TestContext, url = '/api/employees/export', token = t.adminToken) {
  const res = await download(t, url, token);
  return { res, book: await loadWorkbook(res.bytes) };
}

/** The rows of the first sheet of `downloadBook(t, url)`'s book, as plain values. */
export async function downloadedRows(t: TestContext, url?: string): Promise<unknown[][]> {
  return sheetValues((await downloadBook(t, url)).book.worksheets[0]!);
}

/**
 * In the administrator's export, the employee named `name`: where `column` stands in the header,
 * the row's cell there, and its ID.
 */
export async function exportedRowOf(t: TestContext, name: string, column: string) {
  const [header, ...rows] = (await downloadedRows(t)) as [unknown[], ...unknown[][]];
  const at = header.indexOf(column);
  const row = rows.find((r) => r[header.indexOf('Name')] === name)!;
  return { at, cell: row[at], id: row[header.indexOf('ID')] as number };
}

const READ_LIMITS = workbookLimits({ importMaxRows: 100_000, importMaxBytes: 20 * 1024 * 1024 });

/** The first sheet of a file as the app's own reader sees it: rows of cell texts, money as its number. */
export async function sheetTexts(bytes: Buffer): Promise<string[][]> {
  const book = await openWorkbook(bytes, READ_LIMITS);
  const rows: SheetRow[] = [];
  for await (const row of book.rows(0)) rows.push(row);
  return rows.map((r) => r.cells.map(cellText));
}

/** Every value of every sheet, flattened: to prove a figure appears nowhere in a file. */
export function everyValue(book: ExcelJS.Workbook): unknown[] {
  const values: unknown[] = [];
  book.eachSheet((sheet) => {
    for (const row of sheetValues(sheet)) values.push(...(row ?? []));
  });
  return values;
}

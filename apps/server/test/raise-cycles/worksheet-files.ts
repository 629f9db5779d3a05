import { NO_PERMISSIONS } from '@salary/shared/common/permissions';
import type { RaiseCycle, Worksheet } from '@salary/shared/raise-cycles/raise-cycles.contract';
import {
  WORKSHEET_COLUMNS,
  WORKSHEET_SHEET_NAME,
  type WorksheetImportReport,
} from '@salary/shared/raise-cycles/worksheet-file.contract';
import type ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { loadWorkbook, upload } from '../excel/excel-files.ts';
import type { TestContext } from '../support/helper.ts';

/*
 * A raise cycle's worksheet file in the tests: downloaded, edited cell by cell as a spreadsheet
 * program would (ExcelJS), and uploaded to the import.
 */

/** GET the cycle's worksheet.xlsx as `token`'s user: the response and the book read from it. */
export async function exportedWorksheet(t: TestContext, cycleId: number, token = t.adminToken) {
  const res = await t.call({ method: 'GET', url: `/api/raise-cycles/${cycleId}/worksheet.xlsx`, token });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return { res, book: await loadWorkbook(res.rawPayload) };
}

/** The sheet's header, as written. */
export const headerOf = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1);

/** Sets cells of the row of `employeeId` by their header; answers the row's number. */
export function editRow(
  book: ExcelJS.Workbook,
  employeeId: number,
  cells: Record<string, ExcelJS.CellValue>,
): number {
  const sheet = book.getWorksheet(WORKSHEET_SHEET_NAME)!;
  const header = headerOf(sheet);
  let at = 0;
  sheet.eachRow((row, n) => {
    if (n > 1 && row.getCell(header.indexOf(WORKSHEET_COLUMNS.employeeId) + 1).value === employeeId) at = n;
  });
  expect(at, `no row of employee ${employeeId}`).toBeGreaterThan(1);
  for (const [column, value] of Object.entries(cells)) {
    const index = header.indexOf(column);
    expect(index, `no column ${column}`).toBeGreaterThanOrEqual(0);
    sheet.getRow(at).getCell(index + 1).value = value;
  }
  return at;
}

/** POST the book (or file bytes) to the cycle's worksheet import, `dryRun` for the preview. */
export async function importWorksheet(
  t: TestContext,
  cycleId: number,
  book: ExcelJS.Workbook | Buffer,
  options: { dryRun?: boolean; token?: string } = {},
) {
  const bytes = Buffer.isBuffer(book) ? book : Buffer.from(await book.xlsx.writeBuffer());
  return t.call<WorksheetImportReport>({
    method: 'POST',
    url: `/api/raise-cycles/${cycleId}/worksheet/import${options.dryRun ? '?dryRun=true' : ''}`,
    token: options.token ?? t.adminToken,
    ...upload(bytes, 'raise_worksheet.xlsx'),
  });
}

/** PUT the proposals of the cycle as `token`'s user: the answer. */
export const proposeOn = (t: TestContext, cycleId: number, proposals: unknown[], token = t.adminToken) =>
  t.call<Worksheet>({
    method: 'PUT',
    url: `/api/raise-cycles/${cycleId}/proposals`,
    payload: { proposals },
    token,
  });

/** The cycle's worksheet as `token`'s user reads it. */
export async function worksheetOf(t: TestContext, cycleId: number, token = t.adminToken) {
  const res = await t.call<Worksheet>({
    method: 'GET',
    url: `/api/raise-cycles/${cycleId}/worksheet`,
    token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.envelope.data;
}

/**
 * `reportId` reports to `managerId`, and a user linked to the manager, limited to their team,
 * may see salaries and edit employees (so propose): that user's token.
 */
export async function teamManagerToken(t: TestContext, managerId: number, reportId: number) {
  const manager = await t.callAsAdmin({
    method: 'PUT',
    url: `/api/employees/${reportId}/manager`,
    payload: { managerId },
  });
  expect(manager.statusCode, manager.body).toBe(200);
  return (
    await t.createUser(
      { ...NO_PERMISSIONS, showSalary: true, manageEmployee: true, ownTeamOnly: true },
      { employeeId: managerId },
    )
  ).token;
}

/** A draft cycle of the grade `gradeId` from `effectiveDate`, a guideline of 0–5 % for everyone: its id. */
export async function draftCycle(t: TestContext, name: string, gradeId: number, effectiveDate: string) {
  const res = await t.callAsAdmin<RaiseCycle>({
    method: 'POST',
    url: '/api/raise-cycles',
    payload: {
      name,
      effectiveDate,
      eligibility: { gradeIds: [gradeId] },
      budget: { kind: 'PERCENT', value: 2 },
      guideline: [{ compaFrom: null, compaTo: null, rating: null, minPercent: 0, maxPercent: 5 }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.envelope.data.id;
}

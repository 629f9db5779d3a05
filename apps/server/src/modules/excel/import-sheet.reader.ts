import {
  COST_COLUMN,
  EXPORT_KEY_SHEET,
  IMPORT_ERRORS,
  ROW_KEY_COLUMN,
  SALARY_COLUMN,
} from '@salary/shared/excel/excel.contract';
import { AppError } from '../../lib/app-error.ts';
import { type ColumnIndexes, importMessages, mapHeader } from './import-rows.reader.ts';
import { decodeIdRuns } from './row-key.model.ts';
import { openWorkbook } from './sheet.reader.ts';
import {
  type CellValue,
  type CollectedSheet,
  cellText,
  collectSheet,
  isBlankRow,
  SheetError,
} from './sheet-cells.model.ts';
import { CELLS_PER_ROW, type ExcelLimits, workbookLimits } from './workbook.limits.ts';
import type { OpenedWorkbook } from './xlsx.reader.ts';

/*
 * The uploaded file → the sheet an import reads: the first visible sheet whose header has the
 * employee columns, its header mapped, its rows collected within the configured limits, the
 * export-only columns located and the export's key sheet read. Every refusal is a 400 naming
 * the sheet.
 */

const refused = (code: string, message: string) => new AppError(400, code, message);

/** The sheet holding the employees: the first whose header row has every required column. */
async function findEmployeeSheet(book: OpenedWorkbook): Promise<{ index: number; name: string } | null> {
  let fallback: { index: number; name: string; missing: number } | null = null;
  for (let index = 0; index < book.sheets.length; index++) {
    const info = book.sheets[index]!;
    if (info.state !== 'visible') continue;
    let header: CellValue[] | null = null;
    for await (const row of book.rows(index)) {
      if (isBlankRow(row.cells)) continue;
      header = row.cells;
      break;
    }
    if (!header) continue;
    const missing = mapHeader(header).missing.length;
    if (missing === 0) return { index, name: info.name };
    if (!fallback || missing < fallback.missing) fallback = { index, name: info.name, missing };
  }
  return fallback;
}

/** The export's Export Key sheet: which installation wrote it and the IDs it held. */
async function readExportKey(book: OpenedWorkbook): Promise<ReadSheet['exportKey']> {
  const index = book.sheets.findIndex((s) => s.name === EXPORT_KEY_SHEET);
  if (index < 0) return null;
  let installation = '';
  let exportedAt: Date | null = null;
  const ids: number[] = [];
  for await (const row of book.rows(index)) {
    const [label, value] = row.cells.map(cellText);
    if (label === 'installation') installation = value ?? '';
    else if (label === 'ids') ids.push(...decodeIdRuns(value ?? ''));
    else if (label === 'exportedAt') {
      const at = new Date(value ?? '');
      exportedAt = Number.isNaN(at.getTime()) ? null : at;
    }
  }
  return installation ? { installation, ids, exportedAt } : null;
}

/** A money cell as a number: as written, or its text without the dollar sign and commas. */
export function moneyOf(value: CellValue): number | null {
  if (value === null || value instanceof SheetError) return null;
  if (typeof value === 'number') return value;
  const text = cellText(value).replace(/[$,\s]/g, '');
  return text === '' ? null : Number(text);
}

/** The export-only columns (Row Key, Calculated Salary, Total Cost) where the header has them. */
function extraColumns(header: CellValue[]) {
  const at = (title: string) => header.findIndex((c) => cellText(c).toLowerCase() === title.toLowerCase());
  return { key: at(ROW_KEY_COLUMN), salary: at(SALARY_COLUMN), cost: at(COST_COLUMN) };
}

/** The sheet an import reads, as `readUploadedSheet` found it. */
export interface ReadSheet {
  sheetName: string;
  sheet: CollectedSheet;
  columns: ColumnIndexes;
  extras: ReturnType<typeof extraColumns>;
  /** The export's own record: its installation, the IDs it held and when it was made (null: unreadable). */
  exportKey: { installation: string; ids: number[]; exportedAt: Date | null } | null;
}

/** The file → the sheet to import, its header mapped, its rows collected (limits checked). */
export async function readUploadedSheet(bytes: Buffer, limits: ExcelLimits): Promise<ReadSheet> {
  const bounds = workbookLimits(limits);
  const book = await openWorkbook(bytes, bounds);
  const found = await findEmployeeSheet(book);
  if (!found) throw refused(IMPORT_ERRORS.empty, 'The file has no employee rows');
  const inSheet = (message: string) => importMessages.inSheet(message, found.name);
  const sheet = await collectSheet(book.rows(found.index), bounds, (maxCells) =>
    refused(IMPORT_ERRORS.tooLarge, inSheet(importMessages.tooWide(maxCells, CELLS_PER_ROW))),
  );
  if (!sheet.header) throw refused(IMPORT_ERRORS.empty, inSheet('The file has no employee rows'));
  const columns = mapHeader(sheet.header.cells);
  if (columns.missing.length)
    throw refused(IMPORT_ERRORS.missingColumns, inSheet(importMessages.missingColumns(columns.missing)));
  if (sheet.dataRowCount > limits.importMaxRows)
    throw refused(
      IMPORT_ERRORS.tooManyRows,
      inSheet(importMessages.tooManyRows(sheet.dataRowCount, limits.importMaxRows)),
    );
  if (sheet.dataRowCount === 0) throw refused(IMPORT_ERRORS.empty, inSheet('The file has no employee rows'));
  return {
    sheetName: found.name,
    sheet,
    columns: columns.indexes,
    extras: extraColumns(sheet.header.cells),
    exportKey: await readExportKey(book),
  };
}

/*
 * What the workbook readers hand over — rows of plain cell values — and the cell-level
 * rules every column shares: the text a cell shows, blank rows, Yes/No and ID cells.
 */

/** A cell holding a spreadsheet error (#N/A, #DIV/0!, …): said as such, never taken as a value. */
export class SheetError {
  constructor(readonly code: string) {}
}

/** A cell as the readers hand it over: formulas already replaced by their cached result. */
export type CellValue = string | number | boolean | null | SheetError;

export interface SheetRow {
  /** The row number Excel shows (1-based). */
  rowNumber: number;
  /** cells[0] is column A. */
  cells: CellValue[];
}

/** The text a person sees in the cell, trimmed. */
export function cellText(value: CellValue): string {
  if (value === null) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  if (value instanceof SheetError) return value.code;
  return value ? 'TRUE' : 'FALSE';
}

export function isBlankRow(cells: CellValue[]): boolean {
  return cells.every((c) => cellText(c) === '');
}

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0', '']);

/** Yes/No cells: Yes/No/Y/N/True/False/1/0 in any case, Excel booleans, blank = No. */
export function parseYesNo(value: CellValue): boolean | undefined {
  if (value === null) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : undefined;
  if (value instanceof SheetError) return undefined;
  const text = value.trim().toLowerCase();
  if (YES.has(text)) return true;
  if (NO.has(text)) return false;
  return undefined;
}

const MAX_ID = 2_147_483_647;

/** Blank → null (create); a positive whole number → the id; anything else → a message. */
export function parseId(value: CellValue): { id: number | null } | { problem: string } {
  const text = cellText(value);
  if (text === '') return { id: null };
  const id = typeof value === 'number' ? value : /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID)
    return { problem: 'ID must be a positive whole number' };
  return { id };
}

export interface CollectedSheet {
  /** The first non-blank row, or null for an empty sheet. */
  header: SheetRow | null;
  /** Non-blank rows under the header, at most `maxRows` of them. */
  rows: SheetRow[];
  /** How many non-blank rows there are under the header, even past `maxRows`. */
  dataRowCount: number;
}

/**
 * Reads a sheet's rows once: blank rows skipped, the first non-blank one taken as the
 * header. Past `maxRows` it only counts, so an oversized file is measured, not held; the
 * rows kept may hold `maxCells` cells together (a row is as wide as its last value), so
 * wide rows cannot fill memory either.
 */
export async function collectSheet(
  source: AsyncIterable<SheetRow>,
  limits: { maxRows: number; maxCells: number },
  tooWide: (maxCells: number) => Error,
): Promise<CollectedSheet> {
  const sheet: CollectedSheet = { header: null, rows: [], dataRowCount: 0 };
  let cells = 0;
  for await (const row of source) {
    if (isBlankRow(row.cells)) continue;
    if (sheet.header) sheet.dataRowCount += 1;
    if (sheet.dataRowCount > limits.maxRows) continue;
    cells += row.cells.length;
    if (cells > limits.maxCells) throw tooWide(limits.maxCells);
    if (sheet.header) sheet.rows.push(row);
    else sheet.header = row;
  }
  return sheet;
}

import * as XLSX from '@e965/xlsx';
import { IMPORT_ERRORS } from '@salary/shared/excel/excel.contract';
import { AppError } from '../../lib/app-error.ts';
import type { CellValue, SheetRow } from './sheet-cells.ts';
import { formatBytes, type WorkbookLimits } from './workbook-limits.ts';
import { readXlsxRows } from './xlsx-reader.ts';

/*
 * Workbook bytes → the rows of the first visible sheet, as plain cell values. .xlsx is
 * read by our own streaming reader (xlsx-reader.ts: every limit checked as it unpacks,
 * nothing on disk); legacy .xls with @e965/xlsx, which reads a file whole (see readXls for
 * what bounds it). The format is told by the file's first bytes, never by its name.
 */

export const UNREADABLE_MESSAGE = 'The file is not a readable Excel workbook (.xlsx or .xls)';
export const unreadable = () => new AppError(400, IMPORT_ERRORS.unreadable, UNREADABLE_MESSAGE);

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export function detectFormat(bytes: Uint8Array): 'xlsx' | 'xls' | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 8));
  if (head.subarray(0, 4).equals(ZIP_MAGIC)) return 'xlsx';
  if (head.equals(CFB_MAGIC)) return 'xls';
  return null;
}

const XLS_ERRORS: Record<number, string> = {
  0: '#NULL!',
  7: '#DIV/0!',
  15: '#VALUE!',
  23: '#REF!',
  29: '#NAME?',
  36: '#NUM!',
  42: '#N/A',
};

export function fromSheetJs(cell: XLSX.CellObject | undefined): CellValue {
  if (!cell || cell.v === undefined || cell.v === null) return null;
  switch (cell.t) {
    case 'e':
      return XLS_ERRORS[cell.v as number] ?? '#ERROR!';
    case 'd':
      return cell.v instanceof Date ? cell.v.toISOString().slice(0, 10) : String(cell.v);
    case 'n':
      return typeof cell.v === 'number' && Number.isFinite(cell.v) ? cell.v : null;
    case 'b':
      return Boolean(cell.v);
    default:
      return typeof cell.v === 'string' ? cell.v : String(cell.v);
  }
}

/**
 * A legacy .xls is read whole by @e965/xlsx, which has no streaming reader and no size
 * limits of its own. Nothing in it is compressed (CFB sectors, BIFF records), so what it
 * costs grows with the file: ~20–30 MB of memory per MB of cells, measured. Its bound is
 * therefore its size (`maxXlsBytes`, checked before parsing) and the format's own 65,536
 * rows × 256 columns.
 */
function* readXls(bytes: Buffer, limits: WorkbookLimits): Generator<SheetRow> {
  if (bytes.length > limits.maxXlsBytes)
    throw new AppError(
      400,
      IMPORT_ERRORS.tooLarge,
      `A legacy .xls file may be at most ${formatBytes(limits.maxXlsBytes)}; save it as .xlsx to import a larger one`,
    );
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(bytes, {
      type: 'buffer',
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellStyles: false,
      cellNF: false,
      cellDates: false,
    });
  } catch {
    throw unreadable();
  }
  const hidden = book.Workbook?.Sheets ?? [];
  const index = Math.max(
    0,
    book.SheetNames.findIndex((_, i) => !hidden[i]?.Hidden),
  );
  const name = book.SheetNames[index];
  const data = name === undefined ? [] : (book.Sheets[name]?.['!data'] ?? []);
  for (let r = 0; r < data.length; r++) {
    const row = data[r];
    if (row) yield { rowNumber: r + 1, cells: Array.from(row, fromSheetJs) };
  }
}

/**
 * The rows of the workbook's first visible sheet. A file that is not an .xlsx or .xls, or
 * that breaks while being read, is a 400 with one plain message, never a 500; a file past
 * one of `limits` is a 400 naming it.
 */
export async function* readSheetRows(bytes: Buffer, limits: WorkbookLimits): AsyncGenerator<SheetRow> {
  const format = detectFormat(bytes);
  if (format === 'xls') yield* readXls(bytes, limits);
  else if (format === 'xlsx') yield* readXlsxRows(bytes, limits, unreadable);
  else throw unreadable();
}

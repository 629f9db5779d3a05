import * as XLSX from '@e965/xlsx';
import { serialDay } from '@salary/shared/common/calendar-day';
import { IMPORT_ERRORS } from '@salary/shared/excel/excel.contract';
import { AppError } from '../../lib/app-error.ts';
import { type CellValue, SheetError, type SheetRow } from './sheet-cells.model.ts';
import { formatBytes, type WorkbookLimits } from './workbook.limits.ts';
import { type OpenedWorkbook, openXlsx } from './xlsx.reader.ts';

/*
 * Workbook bytes → its sheets and their rows, as plain cell values. .xlsx is
 * read by our own streaming reader (xlsx.reader.ts: every limit checked as it unpacks,
 * nothing on disk); legacy .xls with @e965/xlsx, which reads a file whole (see readXls for
 * what bounds it). The format is told by the file's first bytes, never by its name.
 */

export const UNREADABLE_MESSAGE = 'The file is not a readable Excel workbook (.xlsx or .xls)';
export const unreadable = () => new AppError(400, IMPORT_ERRORS.unreadable, UNREADABLE_MESSAGE);
export const PASSWORD_MESSAGE =
  'This file is password-protected: save it without a password and import it again';
const passwordProtected = () => new AppError(400, IMPORT_ERRORS.encrypted, PASSWORD_MESSAGE);

/**
 * An encrypted .xlsx is not a zip but a compound file holding EncryptionInfo and
 * EncryptedPackage (what Excel and LibreOffice write when a password is set).
 */
function isEncryptedOoxml(bytes: Buffer): boolean {
  try {
    const container = XLSX.CFB.read(bytes, { type: 'buffer' });
    return container.FullPaths.some((p: string) => /\/(EncryptionInfo|EncryptedPackage)$/i.test(p));
  } catch {
    return false;
  }
}

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

/**
 * A cell as SheetJS reads it → the plain value. A number whose format shows a date is a date
 * cell: handed over as its day, 'YYYY-MM-DD' (as the .xlsx reader does). `dayOffset`: 1462
 * in the 1904 date system.
 */
export function fromSheetJs(cell: XLSX.CellObject | undefined, dayOffset = 0): CellValue {
  if (!cell || cell.v === undefined || cell.v === null) return null;
  switch (cell.t) {
    case 'e':
      return new SheetError(XLS_ERRORS[cell.v as number] ?? '#ERROR!');
    case 'd':
      return cell.v instanceof Date ? cell.v.toISOString().slice(0, 10) : String(cell.v);
    case 'n':
      if (typeof cell.v !== 'number' || !Number.isFinite(cell.v)) return null;
      return typeof cell.z === 'string' && XLSX.SSF.is_date(cell.z) ? serialDay(cell.v + dayOffset) : cell.v;
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
function openXls(bytes: Buffer, limits: WorkbookLimits): OpenedWorkbook {
  if (bytes.length > limits.maxXlsBytes)
    throw new AppError(
      400,
      IMPORT_ERRORS.tooLarge,
      `A legacy .xls file may be at most ${formatBytes(limits.maxXlsBytes)}; save it as .xlsx to import a larger one`,
    );
  if (isEncryptedOoxml(bytes)) throw passwordProtected();
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(bytes, {
      type: 'buffer',
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellStyles: false,
      // The number formats: a number shown as a date is a date cell (fromSheetJs).
      cellNF: true,
      cellDates: false,
    });
  } catch (error) {
    // A BIFF workbook saved with a password (FILEPASS): SheetJS says so in its message.
    if (error instanceof Error && /password/i.test(error.message)) throw passwordProtected();
    throw unreadable();
  }
  const states = book.Workbook?.Sheets ?? [];
  const dayOffset = book.Workbook?.WBProps?.date1904 ? 1462 : 0;
  return {
    sheets: book.SheetNames.map((name, i) => ({
      name,
      state: states[i]?.Hidden === 2 ? 'veryHidden' : states[i]?.Hidden ? 'hidden' : 'visible',
    })),
    async *rows(index: number) {
      const name = book.SheetNames[index];
      const data = name === undefined ? [] : (book.Sheets[name]?.['!data'] ?? []);
      for (let r = 0; r < data.length; r++) {
        const row = data[r];
        if (row) yield { rowNumber: r + 1, cells: Array.from(row, (cell) => fromSheetJs(cell, dayOffset)) };
      }
    },
  };
}

/**
 * Opens a workbook: its sheets, and the rows of any of them. A file that is not an .xlsx or
 * .xls, or that breaks while being read, is a 400 with one plain message, never a 500; a
 * password-protected one says so; a file past one of `limits` is a 400 naming it.
 */
export async function openWorkbook(bytes: Buffer, limits: WorkbookLimits): Promise<OpenedWorkbook> {
  const format = detectFormat(bytes);
  if (format === 'xls') return openXls(bytes, limits);
  if (format === 'xlsx') return openXlsx(bytes, limits, unreadable);
  throw unreadable();
}

/** The rows of the workbook's first visible sheet (or its first sheet when none is visible). */
export async function* readSheetRows(bytes: Buffer, limits: WorkbookLimits): AsyncGenerator<SheetRow> {
  const book = await openWorkbook(bytes, limits);
  yield* book.rows(
    Math.max(
      0,
      book.sheets.findIndex((s) => s.state === 'visible'),
    ),
  );
}

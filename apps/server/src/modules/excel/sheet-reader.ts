import { Readable } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import { IMPORT_ERRORS } from '@salary/shared/excel/excel.contract';
import ExcelJS from 'exceljs';
import { AppError } from '../../lib/app-error.ts';
import type { CellValue, SheetRow } from './sheet-cells.ts';

/*
 * Workbook bytes → the rows of the first visible sheet, as plain cell values. .xlsx is
 * read with ExcelJS's streaming reader (rows flow one at a time); legacy .xls with
 * @e965/xlsx (a binary .xls tops out at 65,536 rows, so reading it whole is fine). The
 * format is told by the file's first bytes, never by its name.
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

/**
 * The sizes a zip declares in its central directory, summed. The streaming reader parks
 * sheets that precede the shared strings in a temp file, uncompressed, so a tiny upload
 * that unpacks to gigabytes (a zip bomb) is refused before anything is unpacked.
 * Null when there is no well-formed central directory (a truncated or fake zip).
 */
export function declaredUnzippedSize(bytes: Buffer): number | null {
  const EOCD = 0x06054b50;
  const CENTRAL = 0x02014b50;
  const floor = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= floor; i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = bytes.readUInt16LE(eocd + 10);
  let offset = bytes.readUInt32LE(eocd + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== CENTRAL) return null;
    const size = bytes.readUInt32LE(offset + 24);
    // ZIP64 sizes (0xFFFFFFFF) mean > 4 GB: far beyond any sheet we accept.
    if (size === 0xffffffff) return Number.POSITIVE_INFINITY;
    total += size;
    offset +=
      46 +
      bytes.readUInt16LE(offset + 28) +
      bytes.readUInt16LE(offset + 30) +
      bytes.readUInt16LE(offset + 32);
  }
  return total;
}

type ExcelJsValue = ExcelJS.CellValue | undefined;

/** ExcelJS's cell value → what the cell shows: formulas by their result, rich text joined. */
export function fromExcelJs(value: ExcelJsValue): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return fromExcelJs(value.result as ExcelJsValue);
  if ('error' in value) return value.error;
  if ('text' in value) return fromExcelJs(value.text as ExcelJsValue);
  return null;
}

interface StreamedSheet extends AsyncIterable<ExcelJS.Row> {
  name: string;
}
interface StreamedBook extends AsyncIterable<StreamedSheet> {
  /** Replaced once xl/workbook.xml is read: the sheets in workbook order. */
  model?: { sheets?: Array<{ name: string; state?: string }> };
}

async function* readXlsx(bytes: Buffer): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(bytes), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  }) as unknown as StreamedBook;
  // Some writers (@e965/xlsx among them) zip the sheets before xl/workbook.xml; ExcelJS then
  // reads `model.sheets` of nothing and throws. Until the real model arrives, this stands in,
  // and the first sheet in the zip is the one read.
  const placeholder = { sheets: [] };
  reader.model = placeholder;
  let picked = false;
  for await (const sheet of reader) {
    const sheets = reader.model?.sheets ?? [];
    const first = sheets.find((s) => !s.state || s.state === 'visible') ?? sheets[0];
    if (!picked && (!first || first.name === sheet.name)) {
      picked = true;
      for await (const row of sheet) {
        const values = row.values as ExcelJsValue[];
        const cells: CellValue[] = [];
        for (let c = 1; c < values.length; c++) cells.push(fromExcelJs(values[c]));
        yield { rowNumber: row.number, cells };
      }
    } else {
      // Other sheets are read through (not held) so the reader can release their temp files.
      for await (const _row of sheet);
    }
  }
  // A zip without xl/workbook.xml (a .docx, an .ods) is not a workbook at all.
  if (reader.model === placeholder && !picked) throw unreadable();
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

function* readXls(bytes: Buffer): Generator<SheetRow> {
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
 * that breaks while being read, is a 400 with one plain message, never a 500.
 */
export async function* readSheetRows(bytes: Buffer, maxUnzippedBytes: number): AsyncGenerator<SheetRow> {
  const format = detectFormat(bytes);
  if (format === 'xls') {
    yield* readXls(bytes);
    return;
  }
  if (format !== 'xlsx') throw unreadable();
  const unzipped = declaredUnzippedSize(bytes);
  if (unzipped === null) throw unreadable();
  if (unzipped > maxUnzippedBytes)
    throw new AppError(
      400,
      IMPORT_ERRORS.unreadable,
      'The workbook unpacks to more data than an import may hold; split it into smaller files',
    );
  try {
    yield* readXlsx(bytes);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  }
}

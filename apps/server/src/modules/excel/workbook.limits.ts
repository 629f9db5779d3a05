/*
 * How much of a workbook an import will read, all derived from the two configured limits
 * (IMPORT_MAX_BYTES, IMPORT_MAX_ROWS), so that the worst file within them keeps the server
 * a bounded distance above idle (~300 MB at the defaults). Excel's own limits (16,384 columns,
 * 1,048,576 rows, 32,767 characters a cell) stand beside them: past those a file is damaged.
 */

export interface WorkbookLimits {
  /** Real inflated bytes of every zip part read, together (the sheet itself streams). */
  maxUnzippedBytes: number;
  /** Shared strings are held while the sheet is read: their count and their characters. */
  maxSharedStrings: number;
  maxSharedStringChars: number;
  /** A legacy .xls is parsed whole, so its own size is what bounds it (see readXls). */
  maxXlsBytes: number;
  /** Rows kept (the rest are only counted) and the cells those rows may hold. */
  maxRows: number;
  maxCells: number;
}

/**
 * A 100k-row export is 7.5 MB zipped, 56 MB unpacked, with ~110k shared strings of ~2 MB:
 * each limit leaves a legitimate file several times that room.
 */
const UNZIP_RATIO = 25;
const SHARED_STRINGS_PER_ROW = 16;
const SHARED_STRING_CHARS_PER_BYTE = 2;
/** The import has 12 columns (14 with an export's money columns). */
export const CELLS_PER_ROW = 32;

export const EXCEL_MAX_COLUMNS = 16_384;
export const EXCEL_MAX_ROWS = 1_048_576;
export const EXCEL_MAX_CELL_CHARS = 32_767;

/** The two configured limits of an import (IMPORT_MAX_ROWS, IMPORT_MAX_BYTES). */
export interface ExcelLimits {
  importMaxRows: number;
  importMaxBytes: number;
  /** Rows an import decides, writes and audits together (default 5,000: excel-import.service.ts). */
  importSliceRows?: number;
}

export function workbookLimits(config: ExcelLimits): WorkbookLimits {
  const rows = config.importMaxRows + 1;
  return {
    maxUnzippedBytes: config.importMaxBytes * UNZIP_RATIO,
    maxSharedStrings: Math.max(65_536, rows * SHARED_STRINGS_PER_ROW),
    maxSharedStringChars: config.importMaxBytes * SHARED_STRING_CHARS_PER_BYTE,
    maxXlsBytes: Math.floor(config.importMaxBytes / 2),
    maxRows: config.importMaxRows,
    maxCells: Math.max(65_536, rows * CELLS_PER_ROW),
  };
}

/** 20971520 → '20 MB' (binary megabytes, as the limit is configured). */
export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

export const formatCount = (n: number) => n.toLocaleString('en-US');

import { serialDay } from '@salary/shared/common/calendar-day';
import { IMPORT_ERRORS } from '@salary/shared/excel/excel.contract';
import { AppError } from '../../lib/app-error.ts';
import { type CellValue, SheetError, type SheetRow } from './sheet-cells.model.ts';
import {
  EXCEL_MAX_CELL_CHARS,
  EXCEL_MAX_COLUMNS,
  EXCEL_MAX_ROWS,
  formatBytes,
  formatCount,
  type WorkbookLimits,
} from './workbook.limits.ts';
import { type Attributes, MAX_XML_DEPTH, type XmlHandler, XmlRefusal, XmlScanner } from './xml.scanner.ts';
import {
  declaredSize,
  entryChunks,
  UnzipBudget,
  type ZipEntry,
  ZipRefusal,
  zipEntries,
} from './zip.reader.ts';

/*
 * An .xlsx, read straight from the uploaded bytes: the workbook and its relationships first
 * (to list the sheets), then the shared strings, then the sheets asked for, row by row.
 * The zip is random access in memory, so the parts are read in the order that needs nothing
 * parked on disk, and nothing of the sheet is held but the rows handed over. Every limit of
 * `WorkbookLimits` is checked while reading, and passing one is a 400 that names it.
 */

const refuse = (message: string) => new AppError(400, IMPORT_ERRORS.unreadable, message);
const tooBig = (message: string) => new AppError(400, IMPORT_ERRORS.tooLarge, message);

type Part = { open(name: string, a: Attributes, selfClosing: boolean): void; close?(name: string): void };

/** A handler that captures nothing: for the workbook and relationship parts. */
const elements = (part: Part): XmlHandler => ({
  capturing: false,
  open: part.open,
  close: part.close ?? (() => {}),
  text: () => {},
});

/** Maps the zip's and the scanner's refusals to what the user is told. */
function explain(error: unknown, unreadable: () => AppError): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZipRefusal && error.reason === 'budget') return tooBig(error.message);
  if (error instanceof XmlRefusal && error.reason === 'nesting')
    return refuse(`The workbook's XML nests deeper than ${MAX_XML_DEPTH} levels; it is not a spreadsheet`);
  if (error instanceof ZipRefusal && error.reason === 'understated')
    return refuse(`The workbook is damaged: ${error.message}`);
  return unreadable();
}

class Package {
  private readonly byName = new Map<string, ZipEntry>();
  readonly budget: UnzipBudget;

  constructor(
    private readonly bytes: Buffer,
    entries: ZipEntry[],
    limits: WorkbookLimits,
  ) {
    for (const e of entries) this.byName.set(e.name.toLowerCase(), e);
    this.budget = new UnzipBudget(
      limits.maxUnzippedBytes,
      `The workbook unpacks to more than ${formatBytes(limits.maxUnzippedBytes)}, the most an import reads; split it into smaller files`,
    );
  }

  has(path: string): boolean {
    return this.byName.has(path.toLowerCase());
  }

  /** Feeds the part through `handler`; `afterChunk` runs between chunks (to hand rows on). */
  async *read(path: string, handler: XmlHandler): AsyncGenerator<void> {
    const entry = this.byName.get(path.toLowerCase());
    if (!entry) return;
    const scanner = new XmlScanner(handler);
    for await (const chunk of entryChunks(this.bytes, entry, this.budget)) {
      scanner.write(chunk);
      yield;
    }
    scanner.end();
  }

  async readWhole(path: string, handler: XmlHandler): Promise<void> {
    for await (const _ of this.read(path, handler));
  }
}

/** `xl/workbook.xml` + `worksheets/sheet1.xml` → `xl/worksheets/sheet1.xml`. */
function resolvePart(from: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = from.split('/').slice(0, -1);
  for (const step of target.split('/')) {
    if (step === '..') parts.pop();
    else if (step !== '.' && step !== '') parts.push(step);
  }
  return parts.join('/');
}

const relsOf = (part: string) => {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
};

async function relationships(
  pkg: Package,
  part: string,
): Promise<Array<{ id: string; type: string; target: string }>> {
  const found: Array<{ id: string; type: string; target: string }> = [];
  await pkg.readWhole(
    relsOf(part),
    elements({
      open: (name, a) => {
        if (name === 'Relationship' && a.Target)
          found.push({ id: a.Id ?? '', type: a.Type ?? '', target: resolvePart(part, a.Target) });
      },
    }),
  );
  return found;
}

/** A sheet of the workbook, in the workbook's order. */
export interface SheetInfo {
  name: string;
  /** 'visible', 'hidden' or 'veryHidden'. */
  state: string;
}

/** Every sheet with its part, and the shared strings part (if any). */
async function locateParts(pkg: Package): Promise<{
  sheets: Array<SheetInfo & { part: string | undefined }>;
  sharedStrings: string | undefined;
  styles: string | undefined;
  date1904: boolean;
}> {
  const root = await relationships(pkg, '');
  const workbook = root.find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
  if (!pkg.has(workbook)) throw new ZipRefusal('damaged', 'no workbook part');
  const listed: Array<{ id: string; name: string; state: string }> = [];
  let date1904 = false;
  await pkg.readWhole(
    workbook,
    elements({
      open: (name, a) => {
        if (name === 'sheet')
          listed.push({ id: a.id ?? '', name: a.name ?? '', state: a.state ?? 'visible' });
        else if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
      },
    }),
  );
  const rels = await relationships(pkg, workbook);
  const sheets = listed.map((s) => {
    const part = rels.find((r) => r.id === s.id && r.type.endsWith('/worksheet'))?.target;
    return { name: s.name, state: s.state, part: part && pkg.has(part) ? part : undefined };
  });
  if (!sheets.some((s) => s.part)) throw new ZipRefusal('damaged', 'no worksheet part');
  const sharedStrings = rels.find((r) => r.type.endsWith('/sharedStrings'))?.target;
  const styles = rels.find((r) => r.type.endsWith('/styles'))?.target;
  return { sheets, sharedStrings, styles, date1904 };
}

/** Excel's built-in number formats that show a date (14–22, 45–47; 27–36 and 50–58 in East Asian locales). */
const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58,
]);

/** Whether a number format code shows a date: a day or year part outside quotes, escapes and [brackets]. */
function isDateFormat(code: string): boolean {
  const bare = code.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, '');
  return /[dy]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/**
 * The cell formats (cellXfs, by index: a cell's `s`) that show a number as a date: a spreadsheet
 * program stores a date cell as its serial with such a format.
 */
async function dateStyles(pkg: Package, part: string | undefined): Promise<Set<number>> {
  const dates = new Set<number>();
  if (!part) return dates;
  const custom = new Map<number, string>();
  let inCellXfs = false;
  let xf = 0;
  await pkg.readWhole(
    part,
    elements({
      open: (name, a) => {
        if (name === 'numFmt' && a.numFmtId !== undefined) custom.set(Number(a.numFmtId), a.formatCode ?? '');
        else if (name === 'cellXfs') inCellXfs = true;
        else if (name === 'xf' && inCellXfs) {
          const id = Number(a.numFmtId ?? 0);
          const code = custom.get(id);
          if (code !== undefined ? isDateFormat(code) : BUILT_IN_DATE_FORMATS.has(id)) dates.add(xf);
          xf += 1;
        }
      },
      close: (name) => {
        if (name === 'cellXfs') inCellXfs = false;
      },
    }),
  );
  return dates;
}

function tooLong(where: string): AppError {
  return refuse(
    `${where} holds more than ${formatCount(EXCEL_MAX_CELL_CHARS)} characters, the most a cell may`,
  );
}

/** The shared strings, rich text runs joined, phonetic runs left out; count and size bounded. */
async function sharedStrings(
  pkg: Package,
  part: string | undefined,
  limits: WorkbookLimits,
): Promise<string[]> {
  const strings: string[] = [];
  if (!part) return strings;
  let current = '';
  let chars = 0;
  let phonetic = false;
  const handler: XmlHandler = {
    capturing: false,
    open(name) {
      if (name === 'si') current = '';
      else if (name === 'rPh') phonetic = true;
      else if (name === 't' && !phonetic) handler.capturing = true;
    },
    close(name) {
      if (name === 't') handler.capturing = false;
      else if (name === 'rPh') phonetic = false;
      else if (name === 'si') {
        if (strings.length >= limits.maxSharedStrings)
          throw tooBig(
            `The workbook holds more than ${formatCount(limits.maxSharedStrings)} shared strings, the most an import reads`,
          );
        strings.push(current);
        current = '';
      }
    },
    text(text) {
      current += text;
      chars += text.length;
      if (current.length > EXCEL_MAX_CELL_CHARS) throw tooLong('A shared string');
      if (chars > limits.maxSharedStringChars)
        throw tooBig(
          `The workbook's shared strings hold more than ${formatBytes(limits.maxSharedStringChars)} of text, the most an import reads`,
        );
    },
  };
  await pkg.readWhole(part, handler);
  return strings;
}

/** 'AB12' → 28 (1-based); 0 when the reference has no column letters. */
function columnOf(ref: string): number {
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code >= 65 && code <= 90) col = col * 26 + (code - 64);
    else if (code >= 97 && code <= 122) col = col * 26 + (code - 96);
    else break;
    if (col > EXCEL_MAX_COLUMNS) break;
  }
  return col;
}

function dateText(text: string): string {
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date.toISOString().slice(0, 10);
}

/** What a cell shows, from its type attribute and its captured value / inline text. */
function cellValue(type: string, value: string | null, inline: string | null, strings: string[]): CellValue {
  switch (type) {
    case 's': {
      const index = value === null ? Number.NaN : Number(value);
      return Number.isInteger(index) ? (strings[index] ?? null) : null;
    }
    case 'inlineStr':
      return detached(inline ?? value);
    case 'str':
      return detached(value);
    case 'e':
      return new SheetError(value?.trim() || '#ERROR!');
    case 'b':
      return value === null ? null : value.trim() === '1' || value.trim().toLowerCase() === 'true';
    case 'd':
      return value === null ? null : dateText(value.trim());
    default: {
      if (value === null || value.trim() === '') return null;
      const n = Number(value);
      return Number.isFinite(n) ? n : null;
    }
  }
}

/**
 * A cell's text as a string of its own. Text cut from the sheet's XML is, in V8, a slice that
 * keeps the whole chunk it was cut from alive: the export of 100,000 employees (inline
 * strings) read into 120 MB of heap, 66 MB with this. `` ` ${s}`.slice(1) `` flattens a copy
 * (the usual workaround, V8 issue 2869). Shared strings (what spreadsheet programs write) are one table, each string once,
 * not cut per cell; shorter texts V8 copies anyway.
 */
function detached(text: string | null): string | null {
  return text !== null && text.length >= 13 ? ` ${text}`.slice(1) : text;
}

/** The sheet's rows as they complete; `take()` hands over (and forgets) those completed so far. */
class SheetRows implements XmlHandler {
  capturing = false;
  private completed: SheetRow[] = [];
  private inData = false;
  private rowNumber = 0;
  private cells: CellValue[] = [];
  private column = 0;
  private type = '';
  private value: string | null = null;
  private inline: string | null = null;
  private inInline = false;
  private phonetic = false;
  private target: 'value' | 'inline' = 'value';

  private style = 0;
  private rowStyle: number | undefined;
  private readonly columnStyles: Array<{ min: number; max: number; style: number }> = [];

  private columnStyle(column: number): number {
    for (const c of this.columnStyles) if (column >= c.min && column <= c.max) return c.style;
    return 0;
  }

  /** `dates`: the cell formats that show a date; `dayOffset`: 1462 in the 1904 date system. */
  constructor(
    private readonly strings: string[],
    private readonly dates: Set<number> = new Set(),
    private readonly dayOffset = 0,
  ) {}

  take(): SheetRow[] {
    const rows = this.completed;
    this.completed = [];
    return rows;
  }

  open(name: string, a: Attributes): void {
    if (name === 'sheetData') this.inData = true;
    // A column's format (Gnumeric writes a date column's format there, not on each cell).
    if (name === 'col' && !this.inData && a.style !== undefined)
      this.columnStyles.push({ min: Number(a.min), max: Number(a.max), style: Number(a.style) });
    if (!this.inData) return;
    switch (name) {
      case 'row': {
        this.rowNumber = a.r === undefined ? this.rowNumber + 1 : Number(a.r);
        if (!Number.isInteger(this.rowNumber) || this.rowNumber < 1 || this.rowNumber > EXCEL_MAX_ROWS)
          throw refuse(`The sheet has a row past ${formatCount(EXCEL_MAX_ROWS)}, the last one Excel allows`);
        this.cells = [];
        this.column = 0;
        this.rowStyle = a.customFormat === '1' || a.customFormat === 'true' ? Number(a.s ?? 0) : undefined;
        break;
      }
      case 'c': {
        this.column = a.r === undefined ? this.column + 1 : columnOf(a.r) || this.column + 1;
        if (this.column > EXCEL_MAX_COLUMNS)
          throw refuse(`Row ${this.rowNumber} has a cell past column XFD, the last one Excel allows`);
        this.type = a.t ?? 'n';
        // A cell without its own format takes its row's, else its column's.
        this.style = a.s !== undefined ? Number(a.s) : (this.rowStyle ?? this.columnStyle(this.column));
        this.value = null;
        this.inline = null;
        break;
      }
      case 'v':
        this.value = '';
        this.target = 'value';
        this.capturing = true;
        break;
      case 'is':
        this.inInline = true;
        break;
      case 'rPh':
        this.phonetic = true;
        break;
      case 't':
        if (this.inInline && !this.phonetic) {
          this.inline ??= '';
          this.target = 'inline';
          this.capturing = true;
        }
        break;
    }
  }

  close(name: string): void {
    if (name === 'sheetData') this.inData = false;
    if (!this.inData) return;
    switch (name) {
      case 'v':
      case 't':
        this.capturing = false;
        break;
      case 'is':
        this.inInline = false;
        break;
      case 'rPh':
        this.phonetic = false;
        break;
      case 'c': {
        let value = cellValue(this.type, this.value, this.inline, this.strings);
        // A number shown as a date is a date cell: handed over as its day, 'YYYY-MM-DD'.
        if (typeof value === 'number' && this.type === 'n' && this.dates.has(this.style))
          value = serialDay(value + this.dayOffset);
        if (value !== null) {
          // Dense up to the last value: empty cells cost nothing, however many there are.
          while (this.cells.length < this.column - 1) this.cells.push(null);
          this.cells[this.column - 1] = value;
        }
        break;
      }
      case 'row':
        if (this.cells.length) this.completed.push({ rowNumber: this.rowNumber, cells: this.cells });
        this.cells = [];
        break;
    }
  }

  text(text: string): void {
    if (this.target === 'value') this.value += text;
    else this.inline += text;
    if ((this.target === 'value' ? this.value! : this.inline!).length > EXCEL_MAX_CELL_CHARS)
      throw tooLong(`A cell of row ${this.rowNumber}`);
  }
}

/** An opened workbook: its sheets, and the rows of any of them (read when asked, as they complete). */
export interface OpenedWorkbook {
  sheets: SheetInfo[];
  rows(index: number): AsyncGenerator<SheetRow>;
}

/**
 * Opens the .xlsx in `bytes`: the sheet list and the shared strings now, a sheet's rows when
 * asked. Refusals are AppErrors (400): the limit passed by name, or the one plain "not a
 * readable workbook" message.
 */
export async function openXlsx(
  bytes: Buffer,
  limits: WorkbookLimits,
  unreadable: () => AppError,
): Promise<OpenedWorkbook> {
  const entries = zipEntries(bytes);
  if (!entries) throw unreadable();
  // A cheap first refusal for an honest bomb; the real bytes are counted as they unpack.
  if (declaredSize(entries) > limits.maxUnzippedBytes)
    throw tooBig(
      `The workbook unpacks to more than ${formatBytes(limits.maxUnzippedBytes)}, the most an import reads; split it into smaller files`,
    );
  const pkg = new Package(bytes, entries, limits);
  let parts: Awaited<ReturnType<typeof locateParts>>;
  let strings: string[];
  let dates: Set<number>;
  try {
    parts = await locateParts(pkg);
    strings = await sharedStrings(pkg, parts.sharedStrings, limits);
    dates = await dateStyles(pkg, parts.styles);
  } catch (error) {
    throw explain(error, unreadable);
  }
  return {
    sheets: parts.sheets.map(({ name, state }) => ({ name, state })),
    async *rows(index: number) {
      const part = parts.sheets[index]?.part;
      if (!part) return;
      try {
        const sheet = new SheetRows(strings, dates, parts.date1904 ? 1462 : 0);
        for await (const _ of pkg.read(part, sheet)) yield* sheet.take();
        yield* sheet.take();
      } catch (error) {
        throw explain(error, unreadable);
      }
    },
  };
}

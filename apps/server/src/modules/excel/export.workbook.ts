import type { Writable } from 'node:stream';
import { ALLOWANCE_TYPE_LABELS, type Allowance } from '@salary/shared/employees/allowance.contract';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { EMPLOYEE_FIELDS, type EmployeeField } from '@salary/shared/employees/employee-fields';
import { DATE_CELL_FORMAT } from '@salary/shared/employees/fields/date';
import {
  ALLOWANCE_COLUMN,
  ALLOWANCE_REASON_COLUMN,
  ALLOWANCE_TYPE_COLUMN,
  BENEFIT_SEPARATOR,
  BENEFITS_NOT_RECEIVED_COLUMN,
  COST_COLUMN,
  EMPLOYEE_COLUMNS,
  EXPORT_KEY_SHEET,
  ROW_KEY_COLUMN,
  SALARY_COLUMN,
} from '@salary/shared/excel/excel.contract';
import ExcelJS from 'exceljs';
import { cellCents, encodeIdRuns, encodeRowKey, fingerprint } from './row-key.model.ts';

/*
 * The export: one sheet, written with ExcelJS's streaming writer row by row, so memory
 * holds a few rows of XML rather than a workbook model of 100k rows. Text is always a
 * string cell (shared string), so '=SUM(A1)' as a name stays text and never a formula.
 * Its layout is made for the programs people open it with: a filter over the whole range
 * (with the `_xlnm._FilterDatabase` name LibreOffice and Gnumeric look for), widths that fit
 * header and values, landscape pages one page wide with the header row repeated, title and
 * author. A hidden last column (Row Key) and a very hidden sheet (Export Key) let the import
 * recognise what the file was exported from (row-key.model.ts).
 */

export const EXPORT_SHEET_NAME = 'Employees';

export type ExportValue = string | number | Date | null;

/**
 * An exported employee and what its Row Key needs: its version and this installation; with its
 * individual allowance and the benefits it does not receive when the reader may see them.
 */
export type ExportedEmployee = EmployeeView & {
  version?: number;
  allowance?: Allowance | null;
  excludedBenefits?: readonly string[];
};

export interface ExportColumn {
  header: string;
  width: number;
  /** Dollars: a number cell shown as $1,234.56. */
  money?: boolean;
  /** A day: a date cell shown as 2024-03-15. */
  date?: boolean;
  /** Hidden from view (the Row Key). */
  hidden?: boolean;
  value(e: ExportedEmployee): ExportValue;
}

/** The longest text of each kind of value (characters), to size the columns. */
export type ValueWidths = Record<'name' | 'job' | 'position' | 'grade' | 'level', number>;

const MAX_WIDTH = 60;
/** Room for the filter button beside a header. */
const FILTER_BUTTON = 3;
/**
 * Never narrower than this: ExcelJS leaves out a width equal to its default (9), and the
 * program's own default (8.43) would cut a header with its filter button.
 */
const MIN_WIDTH = 10;

/** After Calculated Salary, with showSalary; the import passes it by, as it does the salary. */
export const COMPA_RATIO_COLUMN = 'Compa-ratio';

/** A field's cell: references by name, the rest as their kind writes them (fields/<kind>.ts). */
function fieldValue(field: EmployeeField): (e: EmployeeView) => ExportValue {
  const wire = field.wire as keyof EmployeeView;
  if (field.kind === 'reference') {
    const view = field.reference.view as 'technology' | 'position' | 'grade' | 'level';
    return (e) => e[view].name;
  }
  const toCell = field.toCell as (value: unknown) => ExportValue | boolean;
  return (e) => toCell(e[wire]) as ExportValue;
}

const BASE_COLUMNS: Array<Omit<ExportColumn, 'header'>> = [
  { width: 8, value: (e) => e.id },
  ...EMPLOYEE_FIELDS.map((f) => ({
    width: f.excel.width,
    value: fieldValue(f),
    ...(f.kind === 'date' && { date: true }),
  })),
];

const PERSONAL_HEADERS = new Set<string>(
  EMPLOYEE_FIELDS.filter((f) => 'personal' in f && f.personal).map((f) => f.label),
);

/**
 * The import's columns (personal ones only for readers of personal data), then the money columns the user may see (absent otherwise), then —
 * with an `installation` — the hidden Row Key. Each width fits its header (and filter
 * button) and, given `widths`, its widest value.
 */
export function exportColumns(
  visibility: { salary: boolean; cost: boolean; personal?: boolean; benefits?: boolean },
  options: { installation?: string; widths?: Partial<ValueWidths> } = {},
): ExportColumn[] {
  const valueWidth = (key: string) => {
    const width = Number(options.widths?.[key as keyof ValueWidths] ?? 0);
    return Number.isFinite(width) ? width : 0;
  };
  const columns: ExportColumn[] = EMPLOYEE_COLUMNS.map((c, i) => {
    const base = BASE_COLUMNS[i]!;
    const width = Math.min(
      MAX_WIDTH,
      Math.max(MIN_WIDTH, base.width, c.header.length + FILTER_BUTTON, valueWidth(c.key) + 2),
    );
    return { header: c.header, ...base, width };
  }).filter((c) => visibility.personal || !PERSONAL_HEADERS.has(c.header));
  if (visibility.salary)
    columns.push({
      header: SALARY_COLUMN,
      width: SALARY_COLUMN.length + FILTER_BUTTON,
      money: true,
      // null = no base salary for the grade and level: an empty cell, as the list shows '—'.
      value: (e) => e.calculatedSalary ?? null,
    });
  if (visibility.salary)
    columns.push({
      header: COMPA_RATIO_COLUMN,
      width: COMPA_RATIO_COLUMN.length + FILTER_BUTTON,
      // Basic wage ÷ the band's midpoint, two decimals; empty without a base salary.
      value: (e) => e.compaRatio ?? null,
    });
  if (visibility.cost)
    columns.push({
      header: COST_COLUMN,
      width: Math.max(16, COST_COLUMN.length + FILTER_BUTTON),
      money: true,
      value: (e) => e.accumulatedCost ?? null,
    });
  if (visibility.benefits)
    columns.push({
      header: BENEFITS_NOT_RECEIVED_COLUMN,
      width: BENEFITS_NOT_RECEIVED_COLUMN.length + FILTER_BUTTON,
      value: (e) => (e.excludedBenefits ?? []).join(BENEFIT_SEPARATOR),
    });
  if (visibility.salary)
    columns.push(
      {
        header: ALLOWANCE_TYPE_COLUMN,
        width: 26,
        value: (e) => (e.allowance ? ALLOWANCE_TYPE_LABELS[e.allowance.type] : null),
      },
      {
        header: ALLOWANCE_COLUMN,
        width: ALLOWANCE_COLUMN.length + FILTER_BUTTON,
        // An amount a month, or a percent of the adjusted base, as the type says.
        value: (e) => e.allowance?.value ?? null,
      },
      {
        header: ALLOWANCE_REASON_COLUMN,
        width: 30,
        value: (e) => e.allowance?.reason ?? null,
      },
    );
  const { installation } = options;
  if (installation !== undefined)
    columns.push({
      header: ROW_KEY_COLUMN,
      width: 10,
      hidden: true,
      value: (e) =>
        encodeRowKey({
          installation,
          id: e.id,
          version: e.version ?? 1,
          fingerprint: fingerprint(e.name, e.technology.name),
          salaryCents: visibility.salary ? cellCents(e.calculatedSalary) : null,
          costCents: visibility.cost ? cellCents(e.accumulatedCost) : null,
        }),
    });
  return columns;
}

export function exportRow(columns: ExportColumn[], e: ExportedEmployee): ExportValue[] {
  return columns.map((c) => c.value(e));
}

interface Intake {
  _writableState?: { length: number };
  once(event: string, listener: () => void): unknown;
  off(event: string, listener: () => void): unknown;
}

/**
 * ExcelJS pipes a sheet into the zip without heeding write()'s `false`, so rows pile up
 * in front of the compressor (the whole sheet, uncompressed, for a big export). This is
 * that pipe — an internal of ExcelJS 4, looked up defensively: if it is not there, the
 * export still works, only without this brake.
 */
function zipIntake(sheet: ExcelJS.Worksheet): Intake | undefined {
  const intake = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0] as
    | Intake
    | undefined;
  return intake && typeof intake.once === 'function' && intake._writableState ? intake : undefined;
}

/** Resolves on `event` from `source`, or when the reply closes (the client went away). */
function whenEither(source: Intake | Writable, event: string, out: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      source.off(event, done);
      out.off('close', done);
      resolve();
    };
    source.once(event, done);
    out.once('close', done);
  });
}

const INTAKE_LIMIT = 1024 * 1024;

/** Waits until the compressor and the client have taken what was written. */
async function settle(intake: Intake | undefined, out: Writable): Promise<void> {
  while (!out.destroyed && intake && (intake._writableState?.length ?? 0) > INTAKE_LIMIT)
    await whenEither(intake, 'drain', out);
  if (!out.destroyed && out.writableNeedDrain) await whenEither(out, 'drain', out);
  await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Rows between two waits for the compressor and the client. At 1,000 the rows' XML and the
 * garbage of a batch lived long enough to be promoted, and the heap grew with the export
 * (+59 MB at 100,000 rows on PostgreSQL); at 250 it stays within a few MB.
 */
const BATCH = 250;

/** 1 → A, 27 → AA. */
export function columnName(n: number): string {
  let name = '';
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) name = String.fromCharCode(65 + ((c - 1) % 26)) + name;
  return name;
}

/** What the export sheet is called in formulas ('Employees'!…). */
const SHEET_REF = `'${EXPORT_SHEET_NAME}'`;
/** A cell may hold 32,767 characters; the Export Key's ID runs are cut well below. */
const ID_RUNS_PER_CELL = 30_000;

/**
 * The defined names ExcelJS's streaming writer cannot declare with a sheet scope: the filter
 * range (LibreOffice and Gnumeric show filter buttons only with it) and the print titles.
 */
function sheetScopedNames(book: ExcelJS.stream.xlsx.WorkbookWriter, range: string) {
  const names = [
    { name: '_xlnm._FilterDatabase', localSheetId: 0, ranges: [range] },
    { name: '_xlnm.Print_Titles', localSheetId: 0, ranges: [`${SHEET_REF}!$1:$1`] },
  ];
  Object.defineProperty(book, '_definedNames', { value: { model: names } });
}

export interface ExportKey {
  installation: string;
  exportedAt: Date;
}

/**
 * Writes the workbook into `out` (the reply) and ends it. Rows are committed as they go,
 * and every batch waits for the compressor and the client, so memory holds a batch or
 * two, not the sheet. If the client goes away, writing stops. With `key`, the very hidden
 * Export Key sheet records the installation, the time and the IDs exported.
 */
export async function writeEmployeesWorkbook(
  out: Writable,
  /** The money columns' number format: the company's currency (`excelMoneyFormat`). */
  moneyFormat: string,
  columns: ExportColumn[],
  employees: Iterable<ExportedEmployee> | AsyncIterable<ExportedEmployee>,
  key?: ExportKey,
  /** More sheets after the employees (the pay history), given the ids and names written. */
  more?: (book: ExcelJS.stream.xlsx.WorkbookWriter, written: Map<number, string>) => Promise<void>,
): Promise<void> {
  const written = new Map<number, string>();
  // Strings inline in each cell, not a shared-strings table: the streaming writer keeps that
  // table in memory until the end, and with a unique name and Row Key on every row it held
  // 200,000 strings at 100,000 rows (peak +193 MB above idle; +145 MB inline). Every
  // spreadsheet program reads inline strings; the file is 3% larger.
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  book.creator = 'Salary System';
  (book as unknown as { title: string }).title = 'Employees';
  const lastColumn = columns.length;
  const sheet = book.addWorksheet(EXPORT_SHEET_NAME, {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }],
    pageSetup: {
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      paperSize: 9,
      margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.5, header: 0.3, footer: 0.3 },
    },
    headerFooter: { oddFooter: 'Page &P of &N' },
  } as Partial<ExcelJS.AddWorksheetOptions>);
  sheet.columns = columns.map((c) => ({
    width: c.width,
    hidden: c.hidden ?? false,
    style: c.money ? { numFmt: moneyFormat } : c.date ? { numFmt: DATE_CELL_FORMAT } : {},
  }));

  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();

  // One style object per column, shared by every cell: ExcelJS caches a style by object
  // identity, so this halves the time a 100k-row export takes.
  const money: Partial<ExcelJS.Style> = { numFmt: moneyFormat };
  const date: Partial<ExcelJS.Style> = { numFmt: DATE_CELL_FORMAT };
  const plain: Partial<ExcelJS.Style> = {};
  const styles = columns.map((c) => (c.money ? money : c.date ? date : plain));

  const intake = zipIntake(sheet);
  const ids: number[] = [];
  let count = 0;
  for await (const employee of employees) {
    if (more) written.set(employee.id, employee.name);
    const row = sheet.addRow(exportRow(columns, employee));
    for (let c = 0; c < styles.length; c++) row.getCell(c + 1).style = styles[c]!;
    row.commit();
    ids.push(employee.id);
    if (++count % BATCH === 0) {
      await settle(intake, out);
      if (out.destroyed) return;
    }
  }
  const lastRow = count + 1;
  const last = columnName(lastColumn);
  // The filter covers every row written; the streaming writer puts it out on commit.
  sheet.autoFilter = `A1:${last}${lastRow}`;
  sheetScopedNames(book, `${SHEET_REF}!$A$1:$${last}$${lastRow}`);
  sheet.commit();
  if (key) {
    const meta = book.addWorksheet(EXPORT_KEY_SHEET, { state: 'veryHidden' });
    meta.addRow(['installation', key.installation]).commit();
    meta.addRow(['exportedAt', key.exportedAt.toISOString()]).commit();
    let cell = '';
    for (const run of encodeIdRuns(ids).split(',')) {
      if (cell.length + run.length + 1 > ID_RUNS_PER_CELL) {
        meta.addRow(['ids', cell]).commit();
        cell = '';
      }
      cell = cell ? `${cell},${run}` : run;
    }
    meta.addRow(['ids', cell]).commit();
    meta.commit();
  }
  if (more && !out.destroyed) await more(book, written);
  await book.commit();
}

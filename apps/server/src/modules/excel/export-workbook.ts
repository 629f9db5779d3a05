import type { Writable } from 'node:stream';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { EMPLOYEE_FIELDS, type EmployeeField } from '@salary/shared/employees/employee-fields';
import { COST_COLUMN, EMPLOYEE_COLUMNS, SALARY_COLUMN } from '@salary/shared/excel/excel.contract';
import ExcelJS from 'exceljs';

/*
 * The export: one sheet, written with ExcelJS's streaming writer row by row, so memory
 * holds a few rows of XML rather than a workbook model of 100k rows. Text is always a
 * string cell (shared string), so '=SUM(A1)' as a name stays text and never a formula.
 */

export const MONEY_FORMAT = '"$"#,##0.00';
export const EXPORT_SHEET_NAME = 'Employees';

export type ExportValue = string | number | null;

export interface ExportColumn {
  header: string;
  width: number;
  /** Dollars: a number cell shown as $1,234.56. */
  money?: boolean;
  value(e: EmployeeView): ExportValue;
}

const yesNo = (flag: boolean) => (flag ? 'Yes' : 'No');

/** A field's cell: references by name, flags as Yes/No, the rest as they are. */
function fieldValue(field: EmployeeField): (e: EmployeeView) => ExportValue {
  const wire = field.wire as keyof EmployeeView;
  if (field.kind === 'reference') {
    const view = field.reference.view as 'technology' | 'position' | 'grade' | 'level';
    return (e) => e[view].name;
  }
  if (field.kind === 'flag') return (e) => yesNo(e[wire] as boolean);
  return (e) => e[wire] as ExportValue;
}

const BASE_COLUMNS: Array<Omit<ExportColumn, 'header'>> = [
  { width: 8, value: (e) => e.id },
  ...EMPLOYEE_FIELDS.map((f) => ({ width: f.excel.width, value: fieldValue(f) })),
];

/** The import's columns, then the money columns the user may see (absent otherwise). */
export function exportColumns(visibility: { salary: boolean; cost: boolean }): ExportColumn[] {
  const columns: ExportColumn[] = EMPLOYEE_COLUMNS.map((c, i) => ({ header: c.header, ...BASE_COLUMNS[i]! }));
  if (visibility.salary)
    columns.push({
      header: SALARY_COLUMN,
      width: 16,
      money: true,
      // null = no base salary for the grade and level: an empty cell, as the list shows '—'.
      value: (e) => e.calculatedSalary ?? null,
    });
  if (visibility.cost)
    columns.push({
      header: COST_COLUMN,
      width: 16,
      money: true,
      value: (e) => e.accumulatedCost ?? null,
    });
  return columns;
}

export function exportRow(columns: ExportColumn[], e: EmployeeView): ExportValue[] {
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

const BATCH = 1000;

/**
 * Writes the workbook into `out` (the reply) and ends it. Rows are committed as they go,
 * and every batch waits for the compressor and the client, so memory holds a batch or
 * two, not the sheet. If the client goes away, writing stops.
 */
export async function writeEmployeesWorkbook(
  out: Writable,
  columns: ExportColumn[],
  employees: Iterable<EmployeeView> | AsyncIterable<EmployeeView>,
): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: true,
  });
  const lastColumn = columns.length;
  const sheet = book.addWorksheet(EXPORT_SHEET_NAME, {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }],
    autoFilter: { from: { row: 1, column: 1 }, to: { row: 1, column: lastColumn } },
  } as Partial<ExcelJS.AddWorksheetOptions>);
  sheet.columns = columns.map((c) => ({ width: c.width, style: c.money ? { numFmt: MONEY_FORMAT } : {} }));

  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();

  // One style object per column, shared by every cell: ExcelJS caches a style by object
  // identity, so this halves the time a 100k-row export takes.
  const money: Partial<ExcelJS.Style> = { numFmt: MONEY_FORMAT };
  const plain: Partial<ExcelJS.Style> = {};
  const styles = columns.map((c) => (c.money ? money : plain));

  const intake = zipIntake(sheet);
  let count = 0;
  for await (const employee of employees) {
    const row = sheet.addRow(exportRow(columns, employee));
    for (let c = 0; c < styles.length; c++) row.getCell(c + 1).style = styles[c]!;
    row.commit();
    if (++count % BATCH === 0) {
      await settle(intake, out);
      if (out.destroyed) return;
    }
  }
  sheet.commit();
  await book.commit();
}

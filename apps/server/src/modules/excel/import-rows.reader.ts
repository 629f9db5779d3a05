import { completedYears, isCalendarDay } from '@salary/shared/common/calendar-day';
import {
  type EmployeeInput,
  LEAVE_BEFORE_HIRE,
  leavesBeforeHire,
} from '@salary/shared/employees/employee.contract';
import { EMPLOYEE_FIELDS, type EmployeeField, fieldsOfKind } from '@salary/shared/employees/employee-fields';
import {
  EMPLOYEE_COLUMNS,
  type EmployeeColumnKey,
  type ImportProblem,
} from '@salary/shared/excel/excel.contract';
import { type NameBook, nameKey } from './name-book.model.ts';
import { type CellValue, cellText, parseId, SheetError, type SheetRow } from './sheet-cells.model.ts';

/*
 * The import's pure core, row by row: a sheet's rows (plain cell values) become the employees
 * they describe, or a list of problems naming the row and column. No I/O here; the service
 * feeds it the rows and the current names; import.plan.ts decides what each row does.
 */

/** What a row sets; custom multipliers are not part of the file. */
export type ImportedEmployee = Omit<EmployeeInput, 'customMultiplierIds'>;

const HEADER_OF = Object.fromEntries(EMPLOYEE_COLUMNS.map((c) => [c.key, c.header])) as Record<
  EmployeeColumnKey,
  string
>;

/** The columns a file must have (every one but ID and the optional fields). */
const REQUIRED_COLUMNS = EMPLOYEE_FIELDS.filter((f) => f.required).map((f) => ({
  key: f.key,
  header: f.label,
}));

/** The employee list's column titles are accepted too, so either wording imports. */
const HEADER_ALIASES: Array<[string, EmployeeColumnKey]> = EMPLOYEE_FIELDS.flatMap((f) =>
  'aliases' in f ? f.aliases.map((alias): [string, EmployeeColumnKey] => [alias, f.key]) : [],
);

/** Problems are listed in column order. */
const COLUMN_ORDER = new Map<string, number>(EMPLOYEE_COLUMNS.map((c, i) => [c.header, i]));

const normalizeHeader = (value: CellValue) => cellText(value).replace(/\s+/g, ' ').toLowerCase();

const HEADER_KEYS = new Map<string, EmployeeColumnKey>([
  ...EMPLOYEE_COLUMNS.map((c) => [c.header.toLowerCase(), c.key] as const),
  ...HEADER_ALIASES,
]);

export type ColumnIndexes = Partial<Record<EmployeeColumnKey, number>>;

/**
 * Finds each column in the header row (trimmed, case-insensitive). Unknown columns — the
 * export's Calculated Salary and Total Cost among them — are ignored; the first of two
 * columns with the same header wins.
 */
export function mapHeader(cells: CellValue[]): { indexes: ColumnIndexes; missing: string[] } {
  const indexes: ColumnIndexes = {};
  cells.forEach((cell, index) => {
    const key = HEADER_KEYS.get(normalizeHeader(cell));
    if (key !== undefined && indexes[key] === undefined) indexes[key] = index;
  });
  const missing = REQUIRED_COLUMNS.filter((c) => indexes[c.key] === undefined).map((c) => c.header);
  return { indexes, missing };
}

export interface ParsedRow {
  rowNumber: number;
  /** The Name and Job cells as written (for fingerprints and messages). */
  nameText: string;
  jobText: string;
  /** The employee to update, or null to create one. */
  id: number | null;
  /** Null when the row has problems. */
  employee: ImportedEmployee | null;
  problems: ImportProblem[];
}

/** Long cell texts are cut in messages so a report stays readable. */
function quoted(text: string): string {
  return `"${text.length > 60 ? `${text.slice(0, 57)}...` : text}"`;
}

/** Every field the sheet reads by its kind's own rule (references are names: resolved below). */
const CELL_FIELDS = EMPLOYEE_FIELDS.filter(
  (f): f is Exclude<EmployeeField, { kind: 'reference' }> => f.kind !== 'reference',
);
/** The years fields a date decides, with that date's column. */
const DERIVED = fieldsOfKind('years').flatMap((f) =>
  f.derivedFrom ? [{ years: f, date: f.derivedFrom.field as 'hireDate' | 'careerStartDate' }] : [],
);

/** One row's reading: its cells, the columns, and the problems found so far. */
interface RowReading {
  row: SheetRow;
  columns: ColumnIndexes;
  problems: ImportProblem[];
  /** Columns holding a spreadsheet error: nothing more is said about them. */
  errored: EmployeeColumnKey[];
}

function cellAt(r: RowReading, key: EmployeeColumnKey): CellValue {
  const index = r.columns[key];
  return index === undefined ? null : (r.row.cells[index] ?? null);
}

/** Whether the row's `key` column holds a day (a date cell, or a text YYYY-MM-DD). */
function dateIn(r: RowReading, key: EmployeeColumnKey): boolean {
  const cell = cellAt(r, key);
  return typeof cell === 'string' && isCalendarDay(cell.trim());
}

function addProblem(r: RowReading, key: EmployeeColumnKey, message: string): void {
  if (!r.errored.includes(key)) r.problems.push({ row: r.row.rowNumber, column: HEADER_OF[key], message });
}

function lookupName(
  r: RowReading,
  key: 'grade' | 'level',
  label: string,
  names: Map<string, number>,
): number | undefined {
  const text = cellText(cellAt(r, key));
  if (text === '') {
    addProblem(r, key, `${label} is required`);
    return undefined;
  }
  const id = names.get(nameKey(text));
  if (id === undefined) addProblem(r, key, `${label} ${quoted(text)} not found`);
  return id;
}

const COLUMN_KEYS = EMPLOYEE_COLUMNS.map((c) => c.key);

/**
 * One data row → the employee it describes, or its problems (several per row, in column
 * order). The rules are the employee form's: the same name and years fields validate both.
 * No closures per row: at 100,000 rows they were most of the parse's time.
 */
export function parseRow(row: SheetRow, columns: ColumnIndexes, book: NameBook): ParsedRow {
  const r: RowReading = { row, columns, problems: [], errored: [] };
  // A spreadsheet error (#N/A from a failed lookup, #DIV/0!) is named as such, and its column
  // says nothing more: "Grade is required" would send the user looking for an empty cell.
  for (const key of COLUMN_KEYS) {
    const value = cellAt(r, key);
    if (value instanceof SheetError) {
      addProblem(r, key, `${HEADER_OF[key]} holds the spreadsheet error ${value.code}`);
      r.errored.push(key);
    }
  }

  let id: number | null = null;
  const parsedId = parseId(cellAt(r, 'id'));
  if ('problem' in parsedId) addProblem(r, 'id', parsedId.problem);
  else id = parsedId.id;

  const employee: Record<string, unknown> = {};
  for (const field of CELL_FIELDS) {
    // A file without a day's or the hours' column (older templates and exports) keeps the stored value.
    if ((field.kind === 'date' || field.kind === 'hours') && r.columns[field.key] === undefined) continue;
    const cell = cellAt(r, field.key);
    // A years cell may stay blank when its date is set: the date decides the years.
    const derived = DERIVED.find((d) => d.years === field);
    if (derived && cellText(cell) === '' && dateIn(r, derived.date)) continue;
    const reading = field.fromCell(cell instanceof SheetError ? null : cell);
    if (!reading.ok) addProblem(r, field.key, reading.problem);
    else if (reading.value !== undefined) employee[field.input] = reading.value;
  }
  // The years a date decides are the whole years since it, as of the company's today.
  for (const { years, date } of DERIVED) {
    const day = employee[date];
    if (typeof day === 'string') employee[years.input] = completedYears(day, book.asOf);
  }
  if (leavesBeforeHire(employee.hireDate as string | undefined, employee.leaveDate as string | undefined))
    addProblem(r, 'leaveDate', LEAVE_BEFORE_HIRE);

  const jobText = cellText(cellAt(r, 'job'));
  const job = jobText === '' ? undefined : book.jobs.get(nameKey(jobText));
  if (jobText === '') addProblem(r, 'job', 'Job is required');
  else if (!job) addProblem(r, 'job', `Job ${quoted(jobText)} not found`);

  const positionText = cellText(cellAt(r, 'position'));
  const positionKey = nameKey(positionText);
  const positionId = job ? book.positions.get(`${job.id}:${positionKey}`) : undefined;
  if (positionText === '') addProblem(r, 'position', 'Position is required');
  else if (!book.anyPosition.has(positionKey))
    addProblem(r, 'position', `Position ${quoted(positionText)} not found`);
  else if (job && positionId === undefined)
    addProblem(r, 'position', `Position ${quoted(positionText)} does not belong to job ${quoted(job.name)}`);

  const gradeId = lookupName(r, 'grade', 'Grade', book.grades);
  const levelId = lookupName(r, 'level', 'Level', book.levels);
  if (job) employee.jobId = job.id;
  employee.positionId = positionId;
  employee.gradeId = gradeId;
  employee.levelId = levelId;

  const { problems } = r;
  if (problems.length > 1) problems.sort((a, b) => COLUMN_ORDER.get(a.column)! - COLUMN_ORDER.get(b.column)!);
  const ok = !problems.length && !r.errored.length && job && positionId !== undefined;
  return {
    rowNumber: row.rowNumber,
    nameText: cellText(cellAt(r, 'name')),
    jobText,
    id,
    problems,
    employee: ok ? (employee as ImportedEmployee) : null,
  };
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export const importMessages = {
  problems: (count: number, sheet?: string) =>
    `The file has ${plural(count, 'problem')}${sheet === undefined ? '' : ` (sheet "${sheet}")`}; nothing was imported.`,
  /** Every refusal names the sheet it read. */
  inSheet: (message: string, sheet: string) => `${message} (sheet "${sheet}")`,
  tooManyRows: (count: number, max: number) =>
    `The file has ${plural(count, 'row')}; the limit is ${max.toLocaleString('en-US')}`,
  tooWide: (maxCells: number, perRow: number) =>
    `The sheet's rows hold more than ${maxCells.toLocaleString('en-US')} cells, ${perRow} columns a row on average; keep only the columns the import reads`,
  missingColumns: (missing: string[]) =>
    `Missing ${missing.length === 1 ? 'column' : 'columns'}: ${missing.join(', ')}`,
};

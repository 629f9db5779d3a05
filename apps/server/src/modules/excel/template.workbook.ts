import { EMPLOYEE_FIELDS, type EmployeeField, fieldsOfKind } from '@salary/shared/employees/employee-fields';
import { DATE_CELL_FORMAT } from '@salary/shared/employees/fields/date';
import { EMPLOYEE_COLUMNS, type EmployeeColumnKey } from '@salary/shared/excel/excel.contract';
import ExcelJS from 'exceljs';
import { EXPORT_SHEET_NAME } from './export.workbook.ts';
import { nameKey, type ReferenceNames } from './name-book.model.ts';

/*
 * The import template: the Employees sheet (header and dropdowns, no rows: an example left
 * there would be imported), an Instructions sheet (with the example, where the import never
 * reads), and a hidden Lists sheet the dropdowns point at — a range, not an inline list, so
 * hundreds of names still fit (inline lists stop at 255 characters). The Position dropdown
 * offers the chosen Job's positions: one named range per job (Positions_<job id>) and
 * INDIRECT(VLOOKUP(job → range name)), which Excel, LibreOffice and Gnumeric all evaluate.
 */

export const LISTS_SHEET_NAME = 'Lists';
export const INSTRUCTIONS_SHEET_NAME = 'Instructions';
/** Rows 2..TEMPLATE_ROWS+1 carry the dropdowns. */
export const TEMPLATE_ROWS = 10_000;

const WIDTHS: Record<EmployeeColumnKey, number> = {
  id: 8,
  ...(Object.fromEntries(EMPLOYEE_FIELDS.map((f) => [f.key, f.excel.templateWidth])) as Record<
    EmployeeField['key'],
    number
  >),
};

function instructions(limits: { maxRows: number; maxBytes: string }): Array<[string, string, string]> {
  const help: Record<EmployeeColumnKey, [string, string]> = {
    id: [
      'No',
      'Leave blank to create a new employee. Enter the ID of an existing employee to update that employee.',
    ],
    ...(Object.fromEntries(
      EMPLOYEE_FIELDS.map((f) => [f.key, [f.required ? 'Yes' : 'No', f.excel.help]]),
    ) as Record<EmployeeField['key'], [string, string]>),
  };
  return [
    ...EMPLOYEE_COLUMNS.map((c): [string, string, string] => [c.header, ...help[c.key]]),
    ['', '', ''],
    ['Rows', '', 'One employee per row under the header of the Employees sheet. Blank rows are skipped.'],
    [
      'Checks',
      '',
      'Every row is checked before anything is saved. If any row has a problem, nothing is imported ' +
        'and each problem is listed with its row and column.',
    ],
    [
      'Updates',
      '',
      'A row with an ID changes that employee only when the file was exported from its current ' +
        'record; otherwise the import lists it as a conflict, applied only if you tick it. A new row ' +
        'with the name and job of an existing employee is a possible duplicate, created only if ticked.',
    ],
    [
      'Limits',
      '',
      `At most ${limits.maxRows.toLocaleString('en-US')} rows and ${limits.maxBytes} per file (.xlsx or .xls).`,
    ],
    [
      'Not imported',
      '',
      'Custom multipliers: updated employees keep theirs, new employees start with none. ' +
        'Calculated Salary and Total Cost columns (as in an export) are ignored.',
    ],
  ];
}

const DATE_KEYS = new Set<string>(fieldsOfKind('date').map((f) => f.key));

/** A field's example as its kind writes it (a day as a date cell); references by name. */
const exampleCell = (f: EmployeeField, named: string | undefined) => {
  if (named !== undefined) return named;
  if (f.kind === 'date') return f.excel.example === '' ? null : f.toCell(f.excel.example as string);
  return f.excel.example;
};

/** The example row uses real names when the rules have them (the first job with a position). */
function exampleRow(refs: ReferenceNames): Record<EmployeeColumnKey, string | number | Date | null> {
  const job = refs.jobs.find((j) => refs.positions.some((p) => p.jobId === j.id)) ?? refs.jobs[0];
  const position = job ? refs.positions.find((p) => p.jobId === job.id) : undefined;
  const named: Partial<Record<EmployeeColumnKey, string | undefined>> = {
    job: job?.name,
    position: position?.name,
    grade: refs.grades[0]?.name,
    level: refs.levels[0]?.name,
  };
  return {
    id: null,
    ...(Object.fromEntries(EMPLOYEE_FIELDS.map((f) => [f.key, exampleCell(f, named[f.key])])) as Record<
      EmployeeField['key'],
      string | number | Date | null
    >),
  };
}

/**
 * A dropdown's names: alphabetical (in code, so every database sorts alike), one entry per
 * name whatever its case — the first spelling (the oldest record) wins.
 */
function dropdownNames(names: string[]): string[] {
  const seen = new Map<string, string>();
  for (const n of names) if (!seen.has(nameKey(n))) seen.set(nameKey(n), n);
  return [...seen.values()].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true }));
}

export type Validated = ExcelJS.Worksheet & {
  // Present at runtime, missing from ExcelJS's typings.
  dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
};

/** A dropdown of `source` (a range, or a quoted list): anything else typed gets a warning saying `error`. */
export const listDropdown = (
  source: string,
  title: string,
  error = `Pick a value from the list (${LISTS_SHEET_NAME} sheet).`,
): ExcelJS.DataValidation => ({
  type: 'list',
  allowBlank: true,
  formulae: [source],
  showErrorMessage: true,
  errorStyle: 'warning',
  errorTitle: title,
  error,
});

const columnLetter = (index: number) => String.fromCharCode(65 + index);

/** Lists' columns from here on hold each job's positions. */
const FIRST_JOB_COLUMN = 8;
/** Lists' column F/G: each listed job's range name, beside it. */
const RANGE_NAME_COLUMN = 6;

/**
 * The Position dropdown offers only the positions of the row's Job: a Lists column and a
 * defined name (Positions_<job id>) per job, a table job name → range name, and
 * INDIRECT(VLOOKUP(…)) as the list's source.
 */
function dependentPositions(
  book: ExcelJS.Workbook,
  sheet: Validated,
  lists: ExcelJS.Worksheet,
  refs: ReferenceNames,
  jobNames: string[],
  positionRange: string,
  dropdown: (source: string, title: string) => ExcelJS.DataValidation,
) {
  const jobOf = new Map<string, number>();
  for (const j of refs.jobs) if (!jobOf.has(nameKey(j.name))) jobOf.set(nameKey(j.name), j.id);
  const rangeNames: string[] = [];
  jobNames.forEach((jobName, i) => {
    const jobId = jobOf.get(nameKey(jobName))!;
    const positions = dropdownNames(refs.positions.filter((p) => p.jobId === jobId).map((p) => p.name));
    const column = FIRST_JOB_COLUMN + i;
    const letter = lists.getColumn(column).letter;
    lists.getColumn(column).values = [jobName, ...positions];
    const rangeName = `Positions_${jobId}`;
    rangeNames.push(rangeName);
    // A job without positions points at its own empty cell: an empty dropdown.
    const last = Math.max(2, positions.length + 1);
    book.definedNames.add(`${LISTS_SHEET_NAME}!$${letter}$2:$${letter}$${last}`, rangeName);
  });
  if (!jobNames.length) return;
  lists.getColumn(RANGE_NAME_COLUMN).values = ['Position list', ...rangeNames];
  const jobLetter = columnLetter(EMPLOYEE_COLUMNS.findIndex((c) => c.key === 'job'));
  const table = `${LISTS_SHEET_NAME}!$A$2:$${columnLetter(RANGE_NAME_COLUMN - 1)}$${jobNames.length + 1}`;
  sheet.dataValidations.add(
    positionRange,
    dropdown(`INDIRECT(VLOOKUP($${jobLetter}2,${table},${RANGE_NAME_COLUMN},FALSE))`, 'Positions of the job'),
  );
}

export async function buildTemplateWorkbook(
  refs: ReferenceNames,
  limits: { maxRows: number; maxBytes: string },
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Salary System';
  const sheet = book.addWorksheet(EXPORT_SHEET_NAME, {
    views: [{ state: 'frozen', ySplit: 1 }],
  }) as Validated;
  const help = book.addWorksheet(INSTRUCTIONS_SHEET_NAME);
  const lists = book.addWorksheet(LISTS_SHEET_NAME, { state: 'hidden' });

  sheet.columns = EMPLOYEE_COLUMNS.map((c) => ({
    header: c.header,
    key: c.key,
    width: WIDTHS[c.key],
    // A day typed into a date column shows as one (2024-03-15), whatever the program's locale.
    ...(DATE_KEYS.has(c.key) && { style: { numFmt: DATE_CELL_FORMAT } }),
  }));
  sheet.getRow(1).font = { bold: true };

  const jobNames = dropdownNames(refs.jobs.map((j) => j.name));
  const listed: Array<[EmployeeColumnKey, string, string[]]> = [
    ['job', 'Jobs', jobNames],
    ['position', 'Positions', dropdownNames(refs.positions.map((p) => p.name))],
    ['grade', 'Grades', refs.grades.map((g) => g.name)],
    ['level', 'Levels', refs.levels.map((l) => l.name)],
  ];
  const yesNoColumn = listed.length;
  lists.getColumn(yesNoColumn + 1).values = ['Yes/No', 'Yes', 'No'];
  const lastRow = TEMPLATE_ROWS + 1;
  const rangeOf = (key: EmployeeColumnKey) => {
    const letter = columnLetter(EMPLOYEE_COLUMNS.findIndex((c) => c.key === key));
    return `${letter}2:${letter}${lastRow}`;
  };
  const dropdown = (source: string, title: string) => listDropdown(source, title);

  listed.forEach(([key, title, names], index) => {
    lists.getColumn(index + 1).values = [title, ...names];
    // The Position dropdown depends on the Job (below); the full list stays for reference.
    if (!names.length || key === 'position') return;
    const letter = columnLetter(index);
    sheet.dataValidations.add(
      rangeOf(key),
      dropdown(`${LISTS_SHEET_NAME}!$${letter}$2:$${letter}$${names.length + 1}`, title),
    );
  });
  dependentPositions(book, sheet, lists, refs, jobNames, rangeOf('position'), dropdown);
  const yesNoLetter = columnLetter(yesNoColumn);
  for (const { key } of fieldsOfKind('flag'))
    sheet.dataValidations.add(
      rangeOf(key),
      dropdown(`${LISTS_SHEET_NAME}!$${yesNoLetter}$2:$${yesNoLetter}$3`, 'Yes or No'),
    );
  // Choice fields (Gender): their labels in the Lists columns between the Position table
  // (RANGE_NAME_COLUMN) and the first job's positions (FIRST_JOB_COLUMN).
  const choices = fieldsOfKind('choice');
  if (RANGE_NAME_COLUMN + choices.length >= FIRST_JOB_COLUMN)
    throw new Error('template: more choice fields than free Lists columns');
  choices.forEach((f, i) => {
    const labels = Object.values(f.choiceLabels as Readonly<Record<string, string>>);
    const column = RANGE_NAME_COLUMN + 1 + i;
    const letter = columnLetter(column - 1);
    lists.getColumn(column).values = [f.label, ...labels];
    sheet.dataValidations.add(
      rangeOf(f.key),
      dropdown(`${LISTS_SHEET_NAME}!$${letter}$2:$${letter}$${labels.length + 1}`, f.label),
    );
  });
  for (const { key } of fieldsOfKind('years'))
    sheet.dataValidations.add(rangeOf(key), {
      type: 'decimal',
      operator: 'between',
      allowBlank: true,
      formulae: [0, 100],
      showErrorMessage: true,
      errorStyle: 'stop',
      errorTitle: 'Years',
      error: 'Enter a number from 0 to 100.',
    });

  for (const { key } of fieldsOfKind('date'))
    sheet.dataValidations.add(rangeOf(key), {
      type: 'date',
      operator: 'greaterThan',
      allowBlank: true,
      formulae: [new Date(Date.UTC(1900, 0, 1))],
      showErrorMessage: true,
      errorStyle: 'warning',
      errorTitle: 'Date',
      error: 'Enter a date, e.g. 2024-03-15.',
    });

  help.columns = [
    { header: 'Column', width: 26 },
    { header: 'Required', width: 10 },
    { header: 'What to enter', width: 100 },
  ];
  help.getRow(1).font = { bold: true };
  for (const line of instructions(limits)) help.addRow(line);
  help.getColumn(3).alignment = { wrapText: true, vertical: 'top' };
  // The example lives here, where the import never reads, as a row of the Employees sheet would.
  help.addRow([]);
  help.addRow(['Example (copy the idea, not the row: this sheet is not imported)']).font = { bold: true };
  help.addRow(EMPLOYEE_COLUMNS.map((c) => c.header)).font = { italic: true };
  const example = exampleRow(refs);
  const exampleCells = help.addRow(EMPLOYEE_COLUMNS.map((c) => example[c.key]));
  EMPLOYEE_COLUMNS.forEach((c, i) => {
    if (DATE_KEYS.has(c.key)) exampleCells.getCell(i + 1).numFmt = DATE_CELL_FORMAT;
  });

  return Buffer.from(await book.xlsx.writeBuffer());
}

import { z } from 'zod';
import { effectiveFromQuery } from '../employees/dated.contract.ts';
import { EMPLOYEE_FIELDS, type EmployeeField, type EmployeeFieldOf } from '../employees/employee-fields.ts';
import { backPaySchema } from '../impact/impact.contract.ts';

/*
 * The Excel files of the employee directory: the export, the import
 * template and the import report. The sheet's column headers are the form's labels; the
 * import matches them case-insensitively, so an exported file imports back unchanged.
 */

export const EXPORT_FILE_NAME = 'employees_export.xlsx';
export const TEMPLATE_FILE_NAME = 'employees_template.xlsx';
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The file picker's `accept` (Import Excel accepts .xlsx/.xls). */
export const IMPORT_ACCEPT = '.xlsx,.xls';
/** The multipart field that carries the file. */
export const IMPORT_FIELD = 'file';

/** The sheet's columns: the ID, then every employee field in its order (employee-fields.ts). */
export const EMPLOYEE_COLUMNS = [
  { key: 'id', header: 'ID' } as const,
  ...EMPLOYEE_FIELDS.map((f) => ({ key: f.key, header: f.label })),
];

export type EmployeeColumnKey = 'id' | EmployeeField['key'];
export type YesNoColumnKey = EmployeeFieldOf<'flag'>['key'];

/** Export-only columns, present only for users allowed to see them; the import ignores them. */
export const SALARY_COLUMN = 'Calculated Salary';
export const COST_COLUMN = 'Total Cost';
/** The individual allowance's columns (Show Calculated Salary only): type, amount or percent, reason. */
export const ALLOWANCE_TYPE_COLUMN = 'Allowance Type';
export const ALLOWANCE_COLUMN = 'Individual Allowance';
export const ALLOWANCE_REASON_COLUMN = 'Allowance Reason';
/** The company benefits the employee does not receive, by name, separated by "; ". */
export const BENEFITS_NOT_RECEIVED_COLUMN = 'Benefits Not Received';
export const BENEFIT_SEPARATOR = '; ';
/**
 * The export's hidden last column: per row `ss1:<installation>:<id>:<version>:<fingerprint>:<salary
 * cents>:<cost cents>`, which lets the import tell a stale, shifted or foreign row from a real edit.
 */
export const ROW_KEY_COLUMN = 'Row Key';
/** The export's very hidden sheet: the installation, the export time and the IDs exported. */
export const EXPORT_KEY_SHEET = 'Export Key';

/** A comma-separated list of positive whole numbers (or 'all'), as the import's ticks travel. */
const numberList = (what: string) =>
  z
    .string()
    .regex(/^(all|\d{1,10}(,\d{1,10})*)?$/, { error: `${what} must be 'all' or numbers separated by commas` })
    .optional()
    .transform((v): number[] | 'all' => (v === 'all' ? 'all' : v ? v.split(',').map(Number) : []));

/**
 * POST /employees/import?dryRun=true checks the file and answers the report without writing.
 * overwrite: the IDs of conflicting rows to apply anyway ('all' = every conflict);
 * createDuplicates: the row numbers of possible duplicates to create anyway;
 * effectiveFrom: the day the changes take effect from (absent: today), for the check and the import alike.
 */
export const importQuery = effectiveFromQuery.extend({
  dryRun: z
    .enum(['true', 'false', '1', '0', ''], { error: 'dryRun must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  overwrite: numberList('overwrite'),
  createDuplicates: numberList('createDuplicates'),
});
export type ImportOptions = z.output<typeof importQuery>;

export const importProblem = z.object({
  /** The spreadsheet row number as Excel shows it (the header is usually row 1). */
  row: z.number().int(),
  /** The column's header, e.g. 'Years of Experience'. */
  column: z.string(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblem>;

/** One field of an employee, before and after (API names and values; `*Text` as a sheet shows it). */
export const fieldChange = z.object({
  /** The API's name of the field, e.g. 'yearsExperience', 'technologyId'. */
  field: z.string(),
  /** The sheet's header, e.g. 'Years of Experience'. */
  label: z.string(),
  before: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  after: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  beforeText: z.string(),
  afterText: z.string(),
});
export type FieldChange = z.infer<typeof fieldChange>;

export const CONFLICT_REASONS = ['changedInApp', 'doesNotLineUp', 'otherInstallation', 'noVersion'] as const;
export type ConflictReason = (typeof CONFLICT_REASONS)[number];

export const importChange = z.object({
  row: z.number().int(),
  id: z.number().int(),
  name: z.string(),
  changes: z.array(fieldChange),
  /**
   * A dry run's gross salary before → after the row is applied (showSalary only; null: no
   * base salary for the grade and level, the list's dash).
   */
  grossBefore: z.number().nullable().optional(),
  grossAfter: z.number().nullable().optional(),
});
export type ImportChange = z.infer<typeof importChange>;

export const importConflict = importChange.extend({
  reason: z.enum(CONFLICT_REASONS),
  message: z.string(),
  /** When and by whom the employee last changed in the app (changedInApp). */
  changedAt: z.string().nullable(),
  changedBy: z.string().nullable(),
  /** True when the user ticked it (overwrite) and it is applied. */
  applied: z.boolean(),
});
export type ImportConflict = z.infer<typeof importConflict>;

export const importDuplicate = z.object({
  row: z.number().int(),
  name: z.string(),
  job: z.string(),
  /** The existing employees with that name and job. */
  matches: z.array(z.number().int()),
  /** True when the user ticked it (createDuplicates) and it is created. */
  applied: z.boolean(),
});
export type ImportDuplicate = z.infer<typeof importDuplicate>;

/** A row that creates an employee, as a dry run lists it. */
export const importCreation = z.object({
  row: z.number().int(),
  name: z.string(),
  job: z.string(),
  position: z.string(),
  grade: z.string(),
  level: z.string(),
  /** The gross salary the new employee would have (showSalary only; null: no base salary). */
  grossSalary: z.number().nullable().optional(),
});
export type ImportCreation = z.infer<typeof importCreation>;

export const importNotice = z.object({
  /** The row it is about, or null for the file as a whole. */
  row: z.number().int().nullable(),
  message: z.string(),
});
export type ImportNotice = z.infer<typeof importNotice>;

/** Each list of the report holds at most this many entries; the counts are always whole. */
export const IMPORT_LIST_LIMIT = 1000;

/**
 * The import's answer `data`: what was (or, for a dry run, would be) created, changed (with
 * each field before → after), left unchanged, held back as a conflict or possible duplicate,
 * and which edits the import ignores. With problems nothing was written and every count is 0.
 */
export const importReport = z.object({
  /** The sheet that was read. */
  sheet: z.string(),
  created: z.number().int().min(0),
  /** Employees changed (conflicts the user ticked included). */
  updated: z.number().int().min(0),
  unchanged: z.number().int().min(0),
  problems: z.array(importProblem),
  /** The rows that create an employee; listed by a dry run (empty once imported). */
  creations: z.array(importCreation),
  changes: z.array(importChange),
  conflicts: z.array(importConflict),
  conflictCount: z.number().int().min(0),
  possibleDuplicates: z.array(importDuplicate),
  duplicateCount: z.number().int().min(0),
  /** Edits the import does not apply: calculated columns, rows deleted from an export. */
  ignoredEdits: z.array(importNotice),
  /** Other things worth knowing (a template example row skipped, …). */
  notices: z.array(importNotice),
  /**
   * The day the changes take effect from, when the request named one: the report compares each
   * row with the employee as on that day, and a dry run's gross figures are priced as of it.
   */
  effectiveFrom: z.string().optional(),
  /** An import dated before today: what it owes for the days since (gross with showSalary, cost with showCost). */
  backPay: backPaySchema.optional(),
});
export type ImportReport = z.infer<typeof importReport>;

/** The downloads' body in the API's documentation: the .xlsx file itself. */
export const xlsxFile = z.string().meta({ format: 'binary', description: 'An .xlsx workbook' });

/** The envelope's `error` codes of a refused import, for clients that branch on them. */
export const IMPORT_ERRORS = {
  noFile: 'FILE_REQUIRED',
  badUpload: 'BAD_UPLOAD',
  unreadable: 'INVALID_FILE',
  tooLarge: 'PAYLOAD_TOO_LARGE',
  empty: 'EMPTY_FILE',
  missingColumns: 'MISSING_COLUMNS',
  tooManyRows: 'TOO_MANY_ROWS',
  problems: 'VALIDATION_ERROR',
  encrypted: 'PASSWORD_PROTECTED',
  /** An employee the file names was deleted by someone else during the import (PostgreSQL). */
  employeeGone: 'EMPLOYEE_GONE',
} as const;

const counted = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * What an import (or its dry run) does, in one line: "0 to create, 0 changed, 200 unchanged",
 * then the conflicts and possible duplicates held back, when there are any.
 */
export function importSummary(
  report: Pick<ImportReport, 'created' | 'updated' | 'unchanged' | 'conflictCount' | 'duplicateCount'> &
    Partial<Pick<ImportReport, 'conflicts' | 'possibleDuplicates'>>,
): string {
  const parts = [
    `${report.created.toLocaleString('en-US')} to create`,
    `${report.updated.toLocaleString('en-US')} changed`,
    `${report.unchanged.toLocaleString('en-US')} unchanged`,
  ];
  if (report.conflictCount) parts.push(counted(report.conflictCount, 'conflict'));
  if (report.duplicateCount) parts.push(counted(report.duplicateCount, 'possible duplicate'));
  return parts.join(', ');
}

import { z } from 'zod';
import { EMPLOYEE_FIELDS, type EmployeeField, type EmployeeFieldOf } from '../employees/employee-fields.ts';

/*
 * The Excel files of the employee directory (spec §2, §7, §9): the export, the import
 * template and the import report. The sheet's column headers are the form's labels; the
 * import matches them case-insensitively, so an exported file imports back unchanged.
 */

export const EXPORT_FILE_NAME = 'employees_export.xlsx';
export const TEMPLATE_FILE_NAME = 'employees_template.xlsx';
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The file picker's `accept` (spec §2: Import Excel accepts .xlsx/.xls). */
export const IMPORT_ACCEPT = '.xlsx,.xls';
/** The multipart field that carries the file (spec §7). */
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

/** POST /employees/import?dryRun=true checks the file and answers the report without writing. */
export const importQuery = z.object({
  dryRun: z
    .enum(['true', 'false', '1', '0', ''], { error: 'dryRun must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

export const importProblem = z.object({
  /** The spreadsheet row number as Excel shows it (the header is usually row 1). */
  row: z.number().int(),
  /** The column's header, e.g. 'Years of Experience'. */
  column: z.string(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblem>;

/**
 * The import's answer `data`: what was (or, for a dry run, would be) created and updated,
 * or the problems — in which case nothing was written and both counts are 0.
 */
export const importReport = z.object({
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  problems: z.array(importProblem),
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
} as const;

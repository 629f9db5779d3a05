import type { ImportProblem } from '@salary/shared/excel/excel.contract';

export const PROBLEMS_CSV_FILE_NAME = 'employees_import_problems.csv';

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. Text a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe:
 * the messages quote cells from the uploaded file, and opening this report must not run them.
 */
function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The import's problems as the table shows them (Row, Column, Message), one line each, CRLF. */
export function importProblemsCsv(problems: readonly ImportProblem[]): string {
  const lines = [['Row', 'Column', 'Message'], ...problems.map((p) => [p.row, p.column, p.message])];
  return `${lines.map((fields) => fields.map(csvField).join(',')).join('\r\n')}\r\n`;
}

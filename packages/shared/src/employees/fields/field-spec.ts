import { z } from 'zod';

/*
 * What every employee field declares, whatever its kind. Each kind has its own file
 * (text.ts, reference.ts, years.ts, flag.ts, choice.ts, date.ts) with a constructor that
 * adds the kind's rules to a field: its rule on the API and the form (`body`), its shape in
 * the answers (`view`), and its Excel cell both ways (`toCell` for the export and the
 * template, `fromCell` for the import). employee-fields.ts lists the fields, built with them.
 */

/** A cell as the import's readers hand it over (spreadsheet errors are dealt with before). */
export type SheetCell = string | number | boolean | null;

/** A cell as the export writes it: a day goes out as a Date, written as a date cell. */
export type ExportCell = string | number | boolean | Date | null;

/** What a field's cell reads as: its value (undefined: keep the stored one), or why not. */
export type CellReading<T> = { ok: true; value: T | undefined } | { ok: false; problem: string };

export interface FieldBase {
  /** The Excel column's key (references by their thing: `job`, not `jobId`). */
  key: string;
  /** The name inside the code (services, repository). */
  input: string;
  /** The name on the API (the spec's: technologyId, specializationId). */
  wire: string;
  /** The form's label and the sheet's header. */
  label: string;
  /** The database column (snake_case). */
  column: string;
  /** The empty form's value. */
  formDefault: string | boolean | null;
  required: boolean;
  excel: {
    /** Export column width. */
    width: number;
    templateWidth: number;
    /** The template's example row. */
    example: string | number;
    /** The template's instructions. */
    help: string;
  };
  /**
   * The directory's column: its header (the list keeps its own names: Technology,
   * Company Years…) and width. Absent: the field has no column in the list.
   */
  list?: { header: string; width: number; sortKey?: string; description?: string };
  /** Other headers the import accepts (the list's column titles), lower case. */
  aliases?: readonly string[];
  /**
   * Personal data: only admins and manageEmployee holders read or set it (`canReadPersonalData`);
   * every other answer, export and error leaves it out. Optional on writes: absent keeps the
   * stored value (new employees: formDefault).
   */
  personal?: boolean;
}

/** Long cell texts are cut in messages so a report stays readable. */
export function quoted(text: string): string {
  return `"${text.length > 60 ? `${text.slice(0, 57)}...` : text}"`;
}

/** The text a person sees in the cell, trimmed. */
export function cellText(value: SheetCell): string {
  if (value === null) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  return value ? 'TRUE' : 'FALSE';
}

/**
 * "2,5" as a sheet in a decimal-comma locale writes 2.5: a comma followed by one or two digits
 * can only be a decimal comma (a thousands separator has three). Anything else stays as written.
 */
function decimalComma(text: string): string {
  return /^-?\d+,\d{1,2}$/.test(text) ? text.replace(',', '.') : text;
}

/** A number's cell as the form's rule reads it: a text trimmed, its decimal comma a dot. */
export const numericCell = (cell: SheetCell): SheetCell =>
  typeof cell === 'string' ? decimalComma(cell.trim()) : cell;

/** A cell read by the field's rule: its value, or the rule's first complaint. */
export function readingOf<T>(parsed: z.ZodSafeParseResult<T>): CellReading<T> {
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, problem: firstIssue(parsed) };
}

/**
 * A numeric(5,2) kind (years, hours): a number on the API and in the answers, the number
 * itself in the sheets.
 */
export const decimalKind = <const K extends string, S extends FieldBase, B extends z.ZodType>(
  kind: K,
  spec: S,
  body: B,
  fromCell: (cell: SheetCell) => CellReading<number>,
) => ({
  ...spec,
  kind,
  body,
  view: z.number(),
  toCell: (value: number): ExportCell => value,
  fromCell,
});

export function firstIssue(result: {
  success: boolean;
  error?: { issues: Array<{ message: string }> };
}): string {
  return result.error?.issues[0]?.message ?? 'Invalid value';
}

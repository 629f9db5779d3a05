import { z } from 'zod';
import { numericInput } from '../../common/fields.ts';
import { hasAtMostTwoDecimals, roundToTwoDecimals } from '../../common/money.ts';
import {
  type CellReading,
  type ExportCell,
  type FieldBase,
  firstIssue,
  type SheetCell,
} from './field-spec.ts';

const requiredYears = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : numericInput(v)),
    z
      .number({
        error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
      })
      .refine(Number.isFinite, `${label} must be a number`)
      .min(0, `${label} cannot be negative`)
      .max(100, `${label} must be at most 100`)
      .refine(hasAtMostTwoDecimals, `${label} can have at most 2 decimals`),
  );

/**
 * "2,5" as a sheet in a decimal-comma locale writes 2.5: a comma followed by one or two digits
 * can only be a decimal comma (a thousands separator has three). Anything else stays as written.
 */
export function decimalComma(text: string): string {
  return /^-?\d+,\d{1,2}$/.test(text) ? text.replace(',', '.') : text;
}

/**
 * Years (numeric(5,2)): 0 to 100, at most two decimals, required. `derivedFrom` names the
 * date field that, when set, decides the years instead (whole years completed as of the day
 * priced; see employee.model on the server), and how the form says so.
 */
export const yearsField = <const S extends FieldBase & { derivedFrom?: { field: string; note: string } }>(
  spec: S,
) => {
  const body = requiredYears(spec.label);
  return {
    ...spec,
    kind: 'years' as const,
    body,
    view: z.number(),
    toCell: (value: number): ExportCell => value,
    fromCell(cell: SheetCell): CellReading<number> {
      // The form's rule reads '' as missing; a text cell keeps its own spelling for the message.
      const text = typeof cell === 'string' ? decimalComma(cell.trim()) : cell;
      const parsed = body.safeParse(text);
      // Excel's binary floats (2.1 → 2.0999999999999996) are brought back to the cent.
      if (parsed.success) return { ok: true, value: roundToTwoDecimals(parsed.data as number) };
      if (typeof text === 'string' && text.includes(','))
        return { ok: false, problem: `${spec.label} must be a number: use a dot for decimals (2.5)` };
      return { ok: false, problem: firstIssue(parsed) };
    },
  };
};

import { z } from 'zod';
import { blankAsMissing, twoDecimalNumber } from '../../common/fields.ts';
import { roundToTwoDecimals } from '../../common/money.ts';
import { decimalKind, type FieldBase, firstIssue, numericCell } from './field-spec.ts';

const requiredYears = (label: string) =>
  z.preprocess(
    blankAsMissing,
    twoDecimalNumber(
      label,
      z.number({
        error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
      }),
      (years) => years.min(0, `${label} cannot be negative`).max(100, `${label} must be at most 100`),
    ),
  );

/**
 * Years (numeric(5,2)): 0 to 100, at most two decimals, required. `derivedFrom` names the
 * date field that, when set, decides the years instead (whole years completed as of the day
 * priced; see employee.model on the server), and how the form says so.
 */
export const yearsField = <const S extends FieldBase & { derivedFrom?: { field: string; note: string } }>(
  spec: S,
) => {
  const body = requiredYears(spec.label);
  return decimalKind('years', spec, body, (cell) => {
    // The form's rule reads '' as missing; a text cell keeps its own spelling for the message.
    const text = numericCell(cell);
    const parsed = body.safeParse(text);
    // Excel's binary floats (2.1 → 2.0999999999999996) are brought back to the cent.
    if (parsed.success) return { ok: true, value: roundToTwoDecimals(parsed.data as number) };
    if (typeof text === 'string' && text.includes(','))
      return { ok: false, problem: `${spec.label} must be a number: use a dot for decimals (2.5)` };
    return { ok: false, problem: firstIssue(parsed) };
  });
};

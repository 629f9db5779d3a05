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
import { decimalComma } from './years.ts';

/** The most hours a week holds. */
export const HOURS_IN_A_WEEK = 168;

/** Hours (two decimals, as numeric(5,2) keeps them) as a whole number of hundredths of an hour. */
export const hundredthsOfHours = (hours: number): number => Math.round(hours * 100);

const hoursRule = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : numericInput(v)),
    z
      .number({ error: `${label} must be a number` })
      .refine(Number.isFinite, `${label} must be a number`)
      .gt(0, `${label} must be more than 0`)
      .max(HOURS_IN_A_WEEK, `${label} must be at most ${HOURS_IN_A_WEEK}`)
      .refine(hasAtMostTwoDecimals, `${label} can have at most 2 decimals`)
      .optional(),
  );

/**
 * Contracted hours a week (numeric(5,2)): more than 0, at most 168, two decimals. Optional on
 * writes: absent (or a blank cell) keeps the stored value; a new employee takes the company's
 * standard weekly hours (`sqlDefault`, read by the insert).
 */
export const hoursField = <const S extends FieldBase & { sqlDefault: string }>(spec: S) => {
  const body = hoursRule(spec.label);
  return {
    ...spec,
    kind: 'hours' as const,
    body,
    view: z.number(),
    toCell: (value: number): ExportCell => value,
    fromCell(cell: SheetCell): CellReading<number> {
      const text = typeof cell === 'string' ? decimalComma(cell.trim()) : cell;
      const parsed = body.safeParse(text);
      if (!parsed.success) return { ok: false, problem: firstIssue(parsed) };
      return { ok: true, value: parsed.data === undefined ? undefined : roundToTwoDecimals(parsed.data) };
    },
  };
};

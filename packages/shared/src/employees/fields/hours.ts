import { z } from 'zod';
import { blankAsMissing, twoDecimalNumber } from '../../common/fields.ts';
import { roundToTwoDecimals } from '../../common/money.ts';
import { decimalKind, type FieldBase, numericCell, readingOf } from './field-spec.ts';

/** The most hours a week holds. */
const HOURS_IN_A_WEEK = 168;

/** Hours (two decimals, as numeric(5,2) keeps them) as a whole number of hundredths of an hour. */
export const hundredthsOfHours = (hours: number): number => Math.round(hours * 100);

/**
 * Hours a week: more than 0, at most 168, two decimals; optional (a blank is missing). An
 * employee's contracted hours, and the company's standard that a new employee takes.
 */
export const weeklyHoursRule = (label: string) =>
  z.preprocess(
    blankAsMissing,
    twoDecimalNumber(label, z.number({ error: `${label} must be a number` }), (hours) =>
      hours
        .gt(0, `${label} must be more than 0`)
        .max(HOURS_IN_A_WEEK, `${label} must be at most ${HOURS_IN_A_WEEK}`),
    ).optional(),
  );

/**
 * Contracted hours a week (numeric(5,2)): more than 0, at most 168, two decimals. Optional on
 * writes: absent (or a blank cell) keeps the stored value; a new employee takes the company's
 * standard weekly hours (`sqlDefault`, read by the insert).
 */
export const hoursField = <const S extends FieldBase & { sqlDefault: string }>(spec: S) => {
  const body = weeklyHoursRule(spec.label);
  return decimalKind('hours', spec, body, (cell) => {
    const reading = readingOf(body.safeParse(numericCell(cell)));
    return reading.ok && reading.value !== undefined
      ? { ok: true, value: roundToTwoDecimals(reading.value) }
      : reading;
  });
};

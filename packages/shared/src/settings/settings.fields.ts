import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../common/money.ts';

/*
 * Field builders of the settings contract. Messages name the field the way the screen does;
 * a blank input (undefined, null, '' or the NaN of an emptied number input) is "required".
 */

const isBlank = (input: unknown) =>
  input === undefined || input === null || input === '' || Number.isNaN(input);

/** A JSON number with at most two decimals. */
export function decimalField(label: string, required = `${label} is required`) {
  return z
    .number({ error: (issue) => (isBlank(issue.input) ? required : `${label} must be a number`) })
    .refine(hasAtMostTwoDecimals, `${label} must have at most 2 decimal places`);
}

/** A decimal within [min, max]; `range` is the message when outside. */
export function boundedDecimalField(
  label: string,
  min: number,
  max: number,
  range: string,
  required?: string,
) {
  return decimalField(label, required).refine((v) => v >= min && v <= max, range);
}

/** One of a fixed list of values. */
export function choiceField<const T extends readonly [string, ...string[]]>(values: T, label: string) {
  return z.enum(values, {
    error: (issue) =>
      isBlank(issue.input) ? `${label} is required` : `${label} must be one of ${values.join(', ')}`,
  });
}

/** true/false, or 1/0 as some clients send flags; answers a boolean. */
export function flagField(field: string) {
  return z
    .union([z.boolean(), z.literal(0), z.literal(1)], {
      error: (issue) =>
        issue.input === undefined ? `${field} is required` : `${field} must be true, false, 1 or 0`,
    })
    .transform((v) => v === true || v === 1);
}

/**
 * A list sent either as a JSON string of it (as the spec's client does) or as the list itself.
 * A string that is not JSON is reported as `<field> is not valid JSON`, then `list` validates.
 */
export function jsonListField<T extends z.ZodType>(field: string, list: T) {
  return z
    .union([z.string(), z.array(z.unknown())], {
      error: (issue) =>
        issue.input === undefined
          ? `${field} is required`
          : `${field} must be a list or a JSON string of one`,
    })
    .transform((value, ctx): unknown => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: `${field} is not valid JSON` });
        return z.NEVER;
      }
    })
    .pipe(list);
}

import { z } from 'zod';
import { hasAtMostTwoDecimals } from './money.ts';

/**
 * C0 control characters and DEL. NUL cannot be stored in PostgreSQL text at all, and none of
 * the others belongs in a name, an id or a password.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/**
 * Text with nothing a reader can see: white space, format characters (zero-width space,
 * joiners, BOM, word joiner, bidi marks) and the fillers that render blank.
 */
const INVISIBLE_ONLY = /^(?:[\s\p{Cf}\p{Z}\u115f\u1160\u17b4\u17b5\u180e\u2800\u3164\uffa0]|\u034f)*$/u;

/**
 * A lone UTF-16 surrogate: JSON can carry one ("\ud800"), but it is no character, so it is
 * not Unicode text and cannot be stored or shown as what was sent.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const hasControlCharacter = (value: string): boolean => CONTROL_CHARACTER.test(value);
export const isUnicodeText = (value: string): boolean => !LONE_SURROGATE.test(value);
export const hasVisibleCharacter = (value: string): boolean => !INVISIBLE_ONLY.test(value);

/** A string schema that refuses control characters, with a message naming the field. */
export function plainText(label: string) {
  return z
    .string({
      error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`),
    })
    .refine((v) => isUnicodeText(v), `${label} must be valid text (it holds a broken character)`)
    .refine((v) => !hasControlCharacter(v), `${label} must not contain control characters`);
}

/**
 * A required, trimmed text field whose messages name the field the way the screen does. A
 * value with no visible character (only spaces or zero-width characters) counts as empty.
 */
export function requiredText(label: string, max = 200) {
  return plainText(label)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => v.length === 0 || hasVisibleCharacter(v), `${label} is required`);
}

/** A required secret (password): not trimmed, length-limited, no control characters. */
export function requiredSecret(label: string, min = 1, max = 1024) {
  return plainText(label)
    .min(min, min > 1 ? `${label} must be at least ${min} characters` : `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/**
 * Form and query values arrive as numbers or numeric strings. Only those become numbers:
 * `true`, `[]` or `{}` must not quietly turn into 1 or 0 the way z.coerce would do it.
 */
export function numericInput(value: unknown): unknown {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed) ? Number(trimmed) : value;
  }
  return value;
}

/** A blank form or sheet value ('' or null) is missing; anything else is read as `numericInput` reads it. */
export const blankAsMissing = (value: unknown): unknown =>
  value === '' || value === null ? undefined : numericInput(value);

/**
 * A finite number within `range`, with at most two decimals (what numeric(5,2) keeps), whose
 * messages name the field; `number` says what a value that is no number at all is told.
 */
export function twoDecimalNumber(
  label: string,
  number: z.ZodNumber,
  range: (finite: z.ZodNumber) => z.ZodNumber,
): z.ZodNumber {
  return range(number.refine(Number.isFinite, `${label} must be a number`)).refine(
    hasAtMostTwoDecimals,
    `${label} can have at most 2 decimals`,
  );
}

/** The largest database id: ids are PostgreSQL integers (32 bits). */
export const MAX_ID = 2_147_483_647;

/** A required database id (positive integer); accepts numeric strings from forms and queries. */
export function requiredId(label: string) {
  return z.preprocess(
    blankAsMissing,
    z
      .number({
        error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} is not a valid id`),
      })
      .int(`${label} is not a valid id`)
      .positive(`${label} is required`)
      .max(MAX_ID, `${label} is not a valid id`),
  );
}

/**
 * A filter that is an email or a user id: text, and when it is all digits, an id a user
 * can have (a number past the id range would otherwise reach the database as one).
 */
export function emailOrId(label: string) {
  return plainText(label)
    .trim()
    .min(1, `${label} is required`)
    .max(320, `${label} must be at most 320 characters`)
    .refine((v) => !/^\d+$/.test(v) || Number(v) <= MAX_ID, `${label} is not a valid id`);
}

export const emailField = z
  .string({ error: (issue) => (issue.input === undefined ? 'Email is required' : 'Email must be text') })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'));

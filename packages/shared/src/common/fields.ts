import { z } from 'zod';

/** A required, trimmed text field whose messages name the field the way the screen does. */
export function requiredText(label: string, max = 200) {
  return z
    .string({
      error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`),
    })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** A required secret (password): not trimmed, length-limited. */
export function requiredSecret(label: string, min = 1, max = 1024) {
  return z
    .string({
      error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`),
    })
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

/** A required database id (positive integer); accepts numeric strings from forms and queries. */
export function requiredId(label: string) {
  return z.preprocess(
    (v) => (v === '' || v === null ? undefined : numericInput(v)),
    z
      .number({
        error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} is not a valid id`),
      })
      .int(`${label} is not a valid id`)
      .positive(`${label} is required`)
      .max(2_147_483_647, `${label} is not a valid id`),
  );
}

export const emailField = z
  .string({ error: (issue) => (issue.input === undefined ? 'Email is required' : 'Email must be text') })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'));

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

/** A required database id (positive integer); accepts numeric strings from forms and queries. */
export function requiredId(label: string) {
  return z.coerce
    .number({ error: () => `${label} is required` })
    .int(`${label} is required`)
    .positive(`${label} is required`)
    .max(2_147_483_647, `${label} is not a valid id`);
}

export const emailField = z
  .string({ error: (issue) => (issue.input === undefined ? 'Email is required' : 'Email must be text') })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'));

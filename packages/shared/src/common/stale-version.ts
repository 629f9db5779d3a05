import { z } from 'zod';
import { type DateTimeFormat, DEFAULT_DATE_TIME_FORMAT, formatDateTime } from './date-time.ts';

/*
 * Optimistic versions of editable records (employees, jobs, positions, grades, levels, base
 * salaries, adjustment factors, users; the settings record has its own): each answer carries
 * the `version` it was read at, a form sends it back in its PUT body (a delete in its
 * `?version=`), and a write from an older version is refused (409, error STALE_VERSION) naming
 * who changed what since. A write without `version` saves as before (the last save wins):
 * scripts and older clients keep working; the web app's forms always send it.
 */

/** The envelope's `error` code of a save made from an outdated version (the settings' too). */
export const STALE_VERSION_ERROR = 'STALE_VERSION';

/** `version` in a PUT body: the version the form was read at; absent, the last save wins. */
export const versionField = z
  .number({ error: 'version must be a whole number' })
  .int('version must be a whole number')
  .positive('version must be a whole number')
  .max(2_147_483_647, 'version is out of range')
  .optional()
  .describe('The version the record was read at: a save from an older one answers 409 STALE_VERSION');

/** `version` of a row in a read answer: the version to send back with its write. */
export const rowVersion = z
  .number()
  .int()
  .describe('The version this row was read at: send it back with its update or delete');

/** `?version=` of a DELETE: the version the row was read at; absent, the delete goes ahead. */
export const versionQuery = z.object({
  version: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: 'version must be a whole number' })
      .int('version must be a whole number')
      .positive('version must be a whole number')
      .max(2_147_483_647, 'version is out of range')
      .optional(),
  ),
});

/** One change made since the form was read, as the audit trail has it. */
export const staleChangeSchema = z.object({
  /** Who made it (their email). */
  by: z.string(),
  /** When (ISO 8601). */
  at: z.string(),
  /** The fields it changed, as the form labels them ("Name", "Years of Experience"); empty for a delete. */
  fields: z.array(z.string()),
});
export type StaleChange = z.infer<typeof staleChangeSchema>;

/** One row of a save of many (the base salary grid) that was changed since it was read. */
export const staleRowSchema = z.object({
  /** Its index in the save's list (`cells.<index>`). */
  index: z.number().int(),
  /** "Base salary Junior / Level 1". */
  label: z.string(),
  /** Its version now (0: it no longer exists): resend with it to apply anyway. */
  version: z.number().int(),
});
export type StaleRow = z.infer<typeof staleRowSchema>;

/**
 * `data` of a 409 STALE_VERSION: the version stored now and the changes since the one sent.
 * A save of many rows names each stale one in `rows` (and `version` is then the first's).
 */
export const staleVersionData = z.object({
  version: z.number().int(),
  changes: z.array(staleChangeSchema),
  rows: z.array(staleRowSchema).optional(),
});
export type StaleVersionData = z.infer<typeof staleVersionData>;

/** "bob@example.com changed Name and Level on Nov 27, 2026, 09:12 AM UTC" (in the company's format). */
export function describeChange(
  change: StaleChange,
  format: DateTimeFormat = DEFAULT_DATE_TIME_FORMAT,
): string {
  const when = formatDateTime(change.at, format);
  const what =
    change.fields.length === 0
      ? 'it'
      : change.fields.length === 1
        ? change.fields[0]
        : `${change.fields.slice(0, -1).join(', ')} and ${change.fields[change.fields.length - 1]}`;
  return `${change.by} changed ${what} on ${when}`;
}

/**
 * The 409's message: "Employee Ada was changed since you opened it: bob@… changed Name on …."
 * `many`: the label names several rows ("Base salaries Junior / L1 and Senior / L2 were changed
 * since you opened them").
 */
export function staleMessage(
  label: string,
  changes: readonly StaleChange[],
  format: DateTimeFormat = DEFAULT_DATE_TIME_FORMAT,
  many = false,
): string {
  const said = changes.length ? `: ${changes.map((c) => describeChange(c, format)).join('; ')}` : '';
  const was = many ? 'were changed since you opened them' : 'was changed since you opened it';
  return `${label} ${was}${said}. Reload to see the changes, or apply yours anyway.`;
}

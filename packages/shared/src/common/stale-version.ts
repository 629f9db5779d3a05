import { z } from 'zod';
import { type DateTimeFormat, DEFAULT_DATE_TIME_FORMAT, formatDateTime } from './date-time.ts';

/*
 * Optimistic versions of editable records (employees, base salaries, adjustment factors; the
 * settings record has its own): each answer carries the `version` it was read at, a form sends
 * it back in its PUT body, and a save from an older version is refused (409, error
 * STALE_VERSION) naming who changed what since. A PUT without `version` saves as before (the
 * last save wins): scripts and older clients keep working.
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

/** `data` of a 409 STALE_VERSION: the version stored now and the changes since the one sent. */
export const staleVersionData = z.object({
  version: z.number().int(),
  changes: z.array(staleChangeSchema),
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

/** The 409's message: "Employee Ada was changed since you opened it: bob@… changed Name on …." */
export function staleMessage(
  label: string,
  changes: readonly StaleChange[],
  format: DateTimeFormat = DEFAULT_DATE_TIME_FORMAT,
): string {
  const said = changes.length ? `: ${changes.map((c) => describeChange(c, format)).join('; ')}` : '';
  return `${label} was changed since you opened it${said}. Reload to see the changes, or apply yours anyway.`;
}

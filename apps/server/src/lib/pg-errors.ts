/** PostgreSQL error codes we translate into 409s (both drivers expose `code`). */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
export const PG_CHECK_VIOLATION = '23514';
/** Text PostgreSQL cannot store (NUL, bad UTF-8): the contracts refuse it first; this is the net. */
export const PG_BAD_TEXT = new Set(['22021', '22P05']);

export function pgErrorCode(error: unknown): string | undefined {
  let e: unknown = error;
  // drizzle wraps driver errors in DrizzleQueryError with the original as `cause`.
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function pgConstraint(error: unknown): string | undefined {
  let e: unknown = error;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const c = (e as { constraint?: unknown }).constraint;
    if (typeof c === 'string') return c;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

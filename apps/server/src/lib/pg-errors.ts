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

/**
 * The database went away under a statement: PostgreSQL ended the session (an administrator,
 * a restart, a failover: class 57P), the connection failed (class 08), or the socket closed
 * or never opened. The statement's transaction did not commit; the pool drops the connection.
 */
const CONNECTION_LOST_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];
const SOCKET_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

export function isConnectionLost(error: unknown): boolean {
  let e: unknown = error;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (/^(57P0[123]|08...)$/.test(code) || SOCKET_ERRORS.has(code)))
      return true;
    if (typeof message === 'string' && CONNECTION_LOST_MESSAGES.some((m) => message.startsWith(m)))
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The disk holding the database is full: PostgreSQL's disk_full, or the system's ENOSPC. */
export function isDiskFull(error: unknown): boolean {
  let e: unknown = error;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === '53100' || code === 'ENOSPC') return true;
    if (typeof message === 'string' && /No space left on device/i.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

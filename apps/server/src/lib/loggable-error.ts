/*
 * What of an error may reach the log. Drizzle's DrizzleQueryError carries the query's
 * parameters (a password hash on a failed user insert, an employee's name) both in `params`
 * and in its message; drivers add `detail` ("Key (email)=(…) already exists"). Neither is
 * logged: the SQL text, codes and names of constraints say enough to debug.
 */

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  query?: string;
  statusCode?: number;
}

const PARAMS_IN_MESSAGE = /\nparams:[\s\S]*$/;

export function loggableError(error: unknown): LoggedError {
  return describe(error, 0);
}

function describe(error: unknown, depth: number): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'not an Error', stack: '' };
  const e = error as Error & Record<string, unknown>;
  const message = String(e.message ?? '').replace(PARAMS_IN_MESSAGE, '');
  const out: LoggedError = {
    type: e.constructor?.name ?? 'Error',
    message,
    stack: typeof e.stack === 'string' ? e.stack.replace(e.message, message) : '',
  };
  for (const key of ['code', 'constraint', 'table', 'column', 'query'] as const)
    if (typeof e[key] === 'string') out[key] = e[key] as string;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (e.cause !== undefined && depth < 3) out.cause = describe(e.cause, depth + 1);
  return out;
}

import type { FieldProblem } from '@salary/shared/common/envelope';

/**
 * The one error type services throw. The error handler turns it into the envelope with
 * its status; anything else becomes a generic 500 without internals.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: FieldProblem[]) =>
  new AppError(400, 'VALIDATION_ERROR', message, fields ? { fields } : null);
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (message: string) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);

/** A 429: the error handler adds `Retry-After` with the seconds to wait. */
export class TooManyRequests extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'TOO_MANY_REQUESTS', message);
  }
}

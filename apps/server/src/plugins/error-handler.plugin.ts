import type { FieldProblem } from '@salary/shared/common/envelope';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, TooManyRequests } from '../lib/app-error.ts';
import {
  isConnectionLost,
  isDiskFull,
  PG_BAD_TEXT,
  PG_CHECK_VIOLATION,
  PG_FOREIGN_KEY_VIOLATION,
  PG_UNIQUE_VIOLATION,
  pgErrorCode,
} from '../lib/pg-errors.ts';

const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

/** Constraint violations the database reports, worded for the client (never the driver's text). */
const PG_ANSWERS: Record<string, { status: number; message: string; error: string }> = {
  [PG_UNIQUE_VIOLATION]: {
    status: 409,
    message: 'A record with the same values already exists',
    error: 'CONFLICT',
  },
  [PG_FOREIGN_KEY_VIOLATION]: {
    status: 409,
    message: 'This change refers to a record that does not exist or is still in use',
    error: 'CONFLICT',
  },
  [PG_CHECK_VIOLATION]: {
    status: 400,
    message: 'A value is out of its allowed range',
    error: 'VALIDATION_ERROR',
  },
};
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CONNECTION_LOST_MESSAGE = 'The database connection was lost; nothing was saved.';
const CONNECTION_LOST_READ_MESSAGE = 'The database connection was lost; try again in a moment.';

const BAD_TEXT = {
  status: 400,
  message: 'Text must not contain control characters',
  error: 'VALIDATION_ERROR',
};

/** Fastify's own client errors carry safe, short messages; we reword the common ones. */
function clientMessage(error: FastifyError, status: number): string {
  if (status === 413) return 'Request body is too large';
  if (status === 415) return 'Unsupported content type: send JSON (application/json)';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return 'Request body is not valid JSON';
  if (error.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') return 'Invalid Content-Length header';
  if (status === 429) return error.message || 'Too many requests, try again later';
  return error.message || 'Bad request';
}

export function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  return path.map(String).join('.');
}

/**
 * One place turns every error into the envelope {success, message, error, data}. Stacks,
 * SQL and driver messages never reach the client; 5xx answers say only that it failed.
 */
export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldProblem[] = error.validation.map((v) => ({
        field: [error.validationContext, ...(v.instancePath ? v.instancePath.split('/').filter(Boolean) : [])]
          .filter((p) => p && p !== 'body')
          .join('.'),
        message: v.message ?? 'Invalid value',
      }));
      const messages = [...new Set(fields.map((f) => f.message))];
      return reply.status(400).send({
        success: false,
        message: messages.join('; ') || 'Invalid request',
        error: 'VALIDATION_ERROR',
        data: { fields },
      });
    }
    if (error instanceof AppError) {
      if (error instanceof TooManyRequests) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply
        .status(error.statusCode)
        .send({ success: false, message: error.message, error: error.code, data: error.data });
    }
    if (isConnectionLost(error)) {
      // The write's transaction never committed; the server itself goes on serving.
      request.log.warn({ err: error }, 'database connection lost');
      return reply.status(503).send({
        success: false,
        message: READ_METHODS.has(request.method) ? CONNECTION_LOST_READ_MESSAGE : CONNECTION_LOST_MESSAGE,
        error: 'DATABASE_UNAVAILABLE',
        data: null,
      });
    }
    if (isDiskFull(error)) {
      // The write rolled back; reads go on being answered.
      request.log.error({ err: error }, 'disk full');
      return reply.status(507).send({
        success: false,
        message: "The server's disk is full; nothing was saved.",
        error: 'INSUFFICIENT_STORAGE',
        data: null,
      });
    }
    const pgCode = pgErrorCode(error);
    const pg = pgCode ? (PG_ANSWERS[pgCode] ?? (PG_BAD_TEXT.has(pgCode) ? BAD_TEXT : undefined)) : undefined;
    if (pg)
      return reply
        .status(pg.status)
        .send({ success: false, message: pg.message, error: pg.error, data: null });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      return reply.status(status).send({
        success: false,
        message: clientMessage(error, status),
        error: CODE_BY_STATUS[status] ?? 'BAD_REQUEST',
        data: null,
      });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ success: false, message: 'Internal server error', error: 'INTERNAL_ERROR', data: null });
  });
});

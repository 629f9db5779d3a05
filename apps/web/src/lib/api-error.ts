import type { FieldProblem } from '@salary/shared/common/envelope';

export const GENERIC_ERROR_MESSAGE = 'An error occurred';
export const NO_RESPONSE_MESSAGE = 'No response received from server';
export const NETWORK_ERROR = 'Network error';
export const REQUEST_FAILED_MESSAGE = 'Request failed';

interface ApiErrorInit {
  message: string;
  error: string | null;
  status?: number;
  fields?: FieldProblem[];
  /** True when `message` was written by the server (toasts prefer it over their own fallback). */
  fromServer?: boolean;
  /** The failed answer's `data` as sent, for callers that read more than fields (an import's problems). */
  details?: unknown;
}

/**
 * Every failed call rejects with this: the envelope ({success: false, message, error,
 * data: null}) plus what forms need (HTTP status, per-field problems). It is a real
 * Error so TanStack Query, error boundaries and stack traces treat it like any other failure.
 */
export class ApiError extends Error {
  readonly success = false as const;
  readonly error: string | null;
  readonly data = null;
  /** HTTP status; undefined when no response arrived or the request could not be built. */
  readonly status: number | undefined;
  readonly fields: FieldProblem[];
  readonly fromServer: boolean;
  /** The failed answer's `data` as the server sent it; null when there was none. */
  readonly details: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.error = init.error;
    this.status = init.status;
    this.fields = init.fields ?? [];
    this.fromServer = init.fromServer ?? false;
    this.details = init.details ?? null;
  }

  /** True when the request never got an answer (offline, server down, timeout). */
  get isNetworkError(): boolean {
    return this.status === undefined && this.error === NETWORK_ERROR;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The server's own message when it sent one, else the screen's fallback ("Toasts"). */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.fromServer && error.message ? error.message : fallback;
}

import type { Envelope, FieldProblem } from '@salary/shared/common/envelope';
import {
  ApiError,
  GENERIC_ERROR_MESSAGE,
  NETWORK_ERROR,
  NO_RESPONSE_MESSAGE,
  REQUEST_FAILED_MESSAGE,
} from './api-error.ts';
import { fileNameFromContentDisposition } from './content-disposition.ts';
import { isRecord } from './is-record.ts';
import { clearToken, getToken } from './token-storage.ts';

export const API_BASE = import.meta.env.VITE_API_BASE || '/api';
export const REQUEST_TIMEOUT_MS = 30_000;

/** The who-am-I call answers 401 for a stale token; the auth provider handles that itself. */
const SESSION_CHECK_PATH = '/auth/me';
const LOGIN_ROUTE = '/login';
const LOGGED_STATUSES = new Set([403, 404]);

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;

export interface RequestOptions {
  /** Empty values (undefined, null, '') are left out, so optional filters can be passed as they are. */
  query?: QueryParams;
  /** A plain value goes as JSON; FormData goes as multipart (the browser writes the boundary). */
  body?: unknown;
  /** Cancels the call (TanStack Query passes one); a cancelled call rejects with the abort reason. */
  signal?: AbortSignal;
}

export interface BlobResult {
  blob: Blob;
  /** From Content-Disposition; null when the server did not name the file. */
  fileName: string | null;
}

export interface ApiClientOptions {
  baseUrl: string;
  timeoutMs?: number;
  /** Runs after a 401 outside /login and the session check. Default: a full page load of /login. */
  onUnauthorized?: () => void;
  /** No console report of a refused or failed call (a read whose caller may drop the answer). */
  quiet?: boolean;
}

function goToLogin() {
  // A full load drops every cached answer of the lost session along with the React state.
  window.location.assign(LOGIN_ROUTE);
}

function fieldsOf(data: unknown): FieldProblem[] {
  if (!isRecord(data) || !Array.isArray(data.fields)) return [];
  return data.fields.filter(
    (f): f is FieldProblem => isRecord(f) && typeof f.field === 'string' && typeof f.message === 'string',
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The one place that talks HTTP: adds the token, enforces the timeout, unwraps answers to their
 * body (the envelope) and turns every failure into an ApiError with the spec's messages.
 */
export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const onUnauthorized = options.onUnauthorized ?? goToLogin;

  function buildRequest(method: HttpMethod, path: string, opts: RequestOptions, accept: string) {
    const url = new URL(`${baseUrl}${path.startsWith('/') ? path : `/${path}`}`, window.location.origin);
    for (const [key, value] of Object.entries(opts.query ?? {})) {
      if (value !== undefined && value !== null && value !== '') url.searchParams.append(key, String(value));
    }
    const headers = new Headers({ Accept: accept });
    const token = getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) {
      body = opts.body;
    } else if (opts.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(opts.body);
    }
    return {
      url: url.toString(),
      init: { method, headers, body, credentials: 'include' } satisfies RequestInit,
    };
  }

  function failureFromResponse(method: HttpMethod, path: string, status: number, payload: unknown): ApiError {
    const envelope = isRecord(payload) ? payload : {};
    const serverMessage =
      typeof envelope.message === 'string' && envelope.message.trim() ? envelope.message : null;
    const failure = new ApiError({
      status,
      message: serverMessage ?? GENERIC_ERROR_MESSAGE,
      error: typeof envelope.error === 'string' ? envelope.error : null,
      fields: fieldsOf(envelope.data),
      fromServer: serverMessage !== null,
      details: envelope.data,
    });
    if (status === 401) {
      clearToken();
      const page = window.location.pathname.replace(/\/+$/, '');
      // /login and the pages under it (the SSO landing) handle their own 401s.
      const onLoginPage = page === LOGIN_ROUTE || page.startsWith(`${LOGIN_ROUTE}/`);
      if (!onLoginPage && path.split('?')[0] !== SESSION_CHECK_PATH) onUnauthorized();
    } else if (!options.quiet && (LOGGED_STATUSES.has(status) || status >= 500)) {
      console.error(`API ${method} ${path} failed (${status}): ${failure.message}`);
    }
    return failure;
  }

  async function send<T>(
    method: HttpMethod,
    path: string,
    opts: RequestOptions,
    read: (response: Response) => Promise<T>,
    accept = 'application/json',
  ): Promise<T> {
    let request: ReturnType<typeof buildRequest>;
    try {
      request = buildRequest(method, path, opts, accept);
    } catch (cause) {
      throw new ApiError({
        message: REQUEST_FAILED_MESSAGE,
        error: cause instanceof Error ? cause.message : String(cause),
      });
    }

    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException('Request timed out', 'TimeoutError')),
      timeoutMs,
    );
    const callerSignal = opts.signal;
    const forwardAbort = () => controller.abort(callerSignal?.reason);
    if (callerSignal?.aborted) forwardAbort();
    else callerSignal?.addEventListener('abort', forwardAbort, { once: true });

    try {
      // The timeout covers the body as well: a server that stalls mid-answer is no answer.
      // A Request (rather than fetch(url, init)) lets jsdom-based tests hand FormData to Node's fetch.
      const response = await fetch(new Request(request.url, { ...request.init, signal: controller.signal }));
      if (!response.ok) throw failureFromResponse(method, path, response.status, await readJson(response));
      return await read(response);
    } catch (cause) {
      if (cause instanceof ApiError) throw cause;
      // The caller gave up (unmount, newer query): not a failure to report, hand back its reason.
      if (callerSignal?.aborted) throw callerSignal.reason ?? cause;
      throw new ApiError({ message: NO_RESPONSE_MESSAGE, error: NETWORK_ERROR });
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', forwardAbort);
    }
  }

  async function readEnvelope<T>(response: Response): Promise<Envelope<T>> {
    const payload = await readJson(response);
    if (payload === undefined) {
      throw new ApiError({ status: response.status, message: GENERIC_ERROR_MESSAGE, error: 'Invalid JSON' });
    }
    return payload as Envelope<T>;
  }

  async function readBlob(response: Response): Promise<BlobResult> {
    return {
      blob: await response.blob(),
      fileName: fileNameFromContentDisposition(response.headers.get('Content-Disposition')),
    };
  }

  function request<T>(method: HttpMethod, path: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
    return send(method, path, opts, (response) => readEnvelope<T>(response));
  }

  return {
    request,
    get: <T>(path: string, opts?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, opts),
    post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) =>
      request<T>('POST', path, { ...opts, body }),
    put: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) =>
      request<T>('PUT', path, { ...opts, body }),
    patch: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) =>
      request<T>('PATCH', path, { ...opts, body }),
    delete: <T>(path: string, opts?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, opts),
    /** Binary answers (Excel files); failures still arrive as JSON envelopes and map the same way. */
    getBlob: (path: string, opts?: Omit<RequestOptions, 'body'>): Promise<BlobResult> =>
      send('GET', path, opts ?? {}, readBlob, '*/*'),
    /** A binary answer to a POST with a JSON body (a preview's workbook). */
    postBlob: (path: string, body: unknown, opts?: Omit<RequestOptions, 'body'>): Promise<BlobResult> =>
      send('POST', path, { ...opts, body }, readBlob, '*/*'),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client; features import this one. Tests build their own with createApiClient. */
export const apiClient = createApiClient({ baseUrl: API_BASE });

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  badGateway,
  envelope,
  sendJson,
  setPageUrl,
  startTestServer,
  testServerForFile,
  tokenRejected,
} from '../test/http-test-server.ts';
import { createApiClient } from './api-client.ts';
import { ApiError, errorMessage } from './api-error.ts';
import { getToken, setToken } from './token-storage.ts';

const server = testServerForFile();
let onUnauthorized: ReturnType<typeof vi.fn<() => void>>;
let client: ReturnType<typeof createApiClient>;

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const outcome = await promise.then(
    () => new Error('expected the call to fail'),
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(ApiError);
  return outcome as ApiError;
}

beforeEach(() => {
  setPageUrl(`${server.origin}/dashboard`);
  onUnauthorized = vi.fn<() => void>();
  client = createApiClient({ baseUrl: '/api', onUnauthorized });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('requests', () => {
  it('sends JSON with the stored token and unwraps the answer to its envelope', async () => {
    setToken('token-1');
    server.handle((_req, res) => sendJson(res, 200, envelope({ id: 7 }, 'Created')));

    const answer = await client.post<{ id: number }>('/jobs', { name: 'Engineering' });

    expect(answer).toEqual({ success: true, message: 'Created', error: null, data: { id: 7 } });
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/api/jobs');
    expect(request?.headers.authorization).toBe('Bearer token-1');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ name: 'Engineering' });
  });

  it('sends no Authorization header without a token', async () => {
    server.handle((_req, res) => sendJson(res, 200, envelope(null)));
    await client.get('/health');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('adds query parameters and leaves out empty ones', async () => {
    server.handle((_req, res) => sendJson(res, 200, envelope([])));
    await client.get('/employees', {
      query: { jobId: 3, gradeId: undefined, levelId: null, salaryFrom: '' },
    });
    expect(server.requests[0]?.path).toBe('/api/employees?jobId=3');
  });

  it('uploads FormData as multipart without forcing a JSON content type', async () => {
    server.handle((_req, res) => sendJson(res, 200, envelope({ imported: 1 })));
    // String parts only: jsdom's Blob does not survive the hop into Node's fetch (a test-only gap).
    const form = new FormData();
    form.append('sheet', 'Employees');

    await client.post('/employees/import', form);

    const request = server.requests[0];
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.body).toContain('name="sheet"');
    expect(request?.body).toContain('Employees');
  });

  it('downloads a blob with the file name from Content-Disposition', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, {
        'Content-Type': 'application/octet-stream',
        'Content-Disposition': 'attachment; filename="employees_export.xlsx"',
      });
      res.end('xlsx-bytes');
    });
    const { blob, fileName } = await client.getBlob('/employees/export');
    expect(fileName).toBe('employees_export.xlsx');
    expect(await blob.text()).toBe('xlsx-bytes');
  });
});

describe('failures with a server response', () => {
  it("keeps the server's message, error code and field problems", async () => {
    const fields = [{ field: 'name', message: 'Name is required' }];
    server.handle((_req, res) =>
      sendJson(res, 400, {
        success: false,
        message: 'Name is required',
        error: 'VALIDATION_ERROR',
        data: { fields },
      }),
    );

    const failure = await failureOf(client.post('/jobs', {}));

    expect(failure).toMatchObject({
      success: false,
      message: 'Name is required',
      error: 'VALIDATION_ERROR',
      data: null,
      status: 400,
      fields,
      fromServer: true,
    });
    expect(errorMessage(failure, 'Operation failed')).toBe('Name is required');
  });

  it("says 'An error occurred' when the server sent no message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.handle(badGateway);

    const failure = await failureOf(client.get('/jobs'));

    expect(failure).toMatchObject({ success: false, message: 'An error occurred', data: null, status: 502 });
    expect(errorMessage(failure, 'Failed to fetch jobs')).toBe('Failed to fetch jobs');
  });

  it.each([403, 404, 500])('logs a %i', async (status) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.handle((_req, res) =>
      sendJson(res, status, { success: false, message: 'Nope', error: 'X', data: null }),
    );
    await failureOf(client.get('/jobs'));
    expect(log).toHaveBeenCalledOnce();
  });

  it('does not log an ordinary conflict', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.handle((_req, res) =>
      sendJson(res, 409, { success: false, message: 'Exists', error: 'CONFLICT', data: null }),
    );
    await failureOf(client.post('/jobs', { name: 'A' }));
    expect(log).not.toHaveBeenCalled();
  });
});

describe('401', () => {
  beforeEach(() => {
    server.handle(tokenRejected);
  });

  it('removes the token and sends the browser to /login', async () => {
    setToken('stale');
    const failure = await failureOf(client.get('/jobs'));
    expect(failure.status).toBe(401);
    expect(failure.message).toBe('Invalid or expired token');
    expect(getToken()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('stays put when already on /login', async () => {
    setPageUrl(`${server.origin}/login`);
    setToken('stale');
    await failureOf(client.post('/auth/login', { email: 'a@b.c', password: 'x' }));
    expect(getToken()).toBeNull();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('stays put for the session check, which the auth provider handles', async () => {
    setToken('stale');
    await failureOf(client.get('/auth/me'));
    expect(getToken()).toBeNull();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('failures without a response', () => {
  it("maps an unreachable server to 'No response received from server'", async () => {
    const gone = await startTestServer();
    await gone.close();
    const offline = createApiClient({ baseUrl: `${gone.origin}/api`, onUnauthorized });

    const failure = await failureOf(offline.get('/jobs'));

    expect(failure).toMatchObject({
      success: false,
      message: 'No response received from server',
      error: 'Network error',
      data: null,
      status: undefined,
    });
    expect(failure.isNetworkError).toBe(true);
  });

  it('gives up after the timeout the same way', async () => {
    server.handle(() => {
      // Never answers.
    });
    const impatient = createApiClient({ baseUrl: '/api', timeoutMs: 50, onUnauthorized });

    const failure = await failureOf(impatient.get('/slow'));

    expect(failure.message).toBe('No response received from server');
    expect(failure.error).toBe('Network error');
  });

  it("maps a request that cannot be built to 'Request failed'", async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;

    const failure = await failureOf(client.post('/jobs', circular));

    expect(failure).toMatchObject({ success: false, message: 'Request failed', data: null });
    expect(server.requests).toHaveLength(0);
  });

  it('rejects with the abort reason, not an ApiError, when the caller cancels', async () => {
    server.handle(() => {
      // Never answers.
    });
    const controller = new AbortController();
    const call = client.get('/slow', { signal: controller.signal });
    controller.abort(new DOMException('Cancelled', 'AbortError'));
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });
});

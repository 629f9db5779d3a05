import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Handler = (request: RecordedRequest, res: ServerResponse) => void;

/** The outside world for web tests: a real HTTP server on a free local port. */
export interface TestServer {
  origin: string;
  requests: RecordedRequest[];
  /** Replace how the server answers (each test sets its own). */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

export function envelope<T>(data: T, message = 'OK') {
  return { success: true, message, error: null, data };
}

/** An answer without a server message (a proxy's error page): the screen's own text applies. */
export const badGateway: Handler = (_req, res) => {
  res.writeHead(502, { 'Content-Type': 'text/html' });
  res.end('<html>Bad gateway</html>');
};

/**
 * For a test file whose server fails on purpose: the api client logs every 5xx answer, so
 * console.error is silenced before each test and restored (with every other mock) after it.
 */
export function quietErrorLog(): void {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}

/** The server's answer to a token it does not accept (expired, revoked, unknown). */
export const tokenRejected: Handler = (_req, res) =>
  sendJson(res, 401, {
    success: false,
    message: 'Invalid or expired token',
    error: 'UNAUTHORIZED',
    data: null,
  });

const IMPACT_PATH = '/api/impact';

/** What POST /api/impact answers when a test does not say: nobody affected, so the save goes on. */
export const NOBODY_AFFECTED = {
  employees: 0,
  employeesAffected: 0,
  showSalary: true,
  showCost: true,
  totals: { grossBefore: 0, grossAfter: 0, grossDelta: 0, grossDeltaPercent: null },
  byJob: [],
  byGrade: [],
  changes: [],
};

/** The paths the screen's impact previews asked about, in order. */
export const previewPaths = (server: Pick<TestServer, 'requests'>) =>
  server.requests
    .filter((r) => r.path === IMPACT_PATH)
    .map((r) => (JSON.parse(r.body) as { path: string }).path);

/**
 * Every rule save is previewed first (POST /api/impact). A test that does not answer the
 * preview itself (its handler answers 404) gets "nobody affected", and the screen saves at once.
 */
function previewOrNobody(handler: Handler, request: RecordedRequest, res: ServerResponse): void {
  let status = 200;
  const headers: Record<string, string> = {};
  const capture = {
    writeHead(code: number, head?: Record<string, string>) {
      status = code;
      Object.assign(headers, head ?? {});
      return capture;
    },
    setHeader(name: string, value: string) {
      headers[name] = value;
    },
    end(body?: string) {
      if (status === 404) return sendJson(res, 200, envelope(NOBODY_AFFECTED));
      res.writeHead(status, headers);
      res.end(body);
    },
  };
  handler(request, capture as unknown as ServerResponse);
}

export async function startTestServer(): Promise<TestServer> {
  let current: Handler = (_req, res) => sendJson(res, 404, { success: false, message: 'Not found' });
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      if (recorded.method === 'POST' && recorded.path === IMPACT_PATH)
        return previewOrNobody(current, recorded, res);
      current(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    handle(handler) {
      current = handler;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The test server of one test file: started before its tests, its record of requests emptied
 * before each, closed after them all.
 */
export function testServerForFile(): TestServer {
  let started: TestServer | undefined;
  const current = () => {
    if (!started) throw new Error('the test server starts in beforeAll');
    return started;
  };
  beforeAll(async () => {
    started = await startTestServer();
  });
  afterAll(async () => {
    await started?.close();
  });
  beforeEach(() => {
    current().requests.length = 0;
  });
  return {
    get origin() {
      return current().origin;
    },
    get requests() {
      return current().requests;
    },
    handle: (handler) => current().handle(handler),
    close: () => current().close(),
  };
}

interface JsdomLike {
  reconfigure(settings: { url: string }): void;
}

/**
 * Puts the jsdom page at `url`: relative API paths then reach the test server, and the
 * api client's "already on /login?" check sees this path. Vitest exposes the JSDOM instance.
 */
export function setPageUrl(url: string): void {
  (globalThis as unknown as { jsdom: JsdomLike }).jsdom.reconfigure({ url });
}

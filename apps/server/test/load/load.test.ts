import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from '../support/server-process.ts';
import { scratchServerEnv } from '../support/test-database.ts';
import { runLoad } from './load-run.ts';

const ADMIN = { email: 'load-admin@example.com', password: 'load-admin-password' };
let server: ServerProcess;
let dataDir: string;
let drop: () => Promise<void>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'salary-load-'));
  const scratch = await scratchServerEnv(dataDir);
  drop = scratch.drop;
  server = await startServer({
    ...scratch.env,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO: '1',
    JWT_SECRET: 'load-test-secret-that-is-long-enough-123',
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('load', () => {
  it('serves 50 signed-in users mixing list, calculate, update and settings for 10 s without an error', {
    timeout: 180_000,
  }, async () => {
    const result = await runLoad({ baseURL: server.baseURL, admin: ADMIN, users: 50, seconds: 10 });
    console.log(
      `load: ${result.requests} requests, ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}`,
    );
    expect(result.requests).toBeGreaterThan(50);
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.non2xx).toBe(0);
  });
});

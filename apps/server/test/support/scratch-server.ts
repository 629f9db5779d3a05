import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { api, type ServerProcess, startServer } from './server-process.ts';
import { scratchServerEnv } from './test-database.ts';

type Call = Parameters<typeof api>[3];

/**
 * The real server as a child process on a scratch database of its own (a PGlite data dir, or
 * a new PostgreSQL database), started before the file's tests and stopped after them, its
 * data removed: the crash and load tests, which kill it or load it as a whole. One server per
 * file, restarted by the tests that kill it. On PGlite the data dir starts as a copy of the
 * run's migrated template: a first start's initdb and migrations take seconds of CPU (a minute
 * on a busy machine) and are what `npm start`'s own test checks, not these.
 */
export function useScratchServer(options: {
  /** Names the temp dir and the JWT secret. */
  name: string;
  admin: { email: string; password: string };
  env?: Record<string, string>;
}) {
  let dataDir = '';
  let env: Record<string, string> = {};
  let drop: () => Promise<void> = async () => {};

  const scratch = {
    server: undefined as unknown as ServerProcess,
    /** The administrator's token on the running server. */
    token: '',
    /** Starts the server on the same data (after a kill, say) and signs the administrator in. */
    async start(): Promise<void> {
      scratch.server = await startServer(env);
      const res = await api<{ token: string }>(scratch.server.baseURL, 'POST', '/auth/login', {
        body: options.admin,
      });
      expect(res.status).toBe(200);
      scratch.token = res.body.data.token;
    },
    /** The server's PostgreSQL database (empty on PGlite). */
    databaseUrl: () => env.DATABASE_URL ?? '',
    /** A call to the running server as the administrator. */
    api<T = unknown>(method: string, apiPath: string, call: Omit<NonNullable<Call>, 'token'> = {}) {
      return api<T>(scratch.server.baseURL, method, apiPath, { ...call, token: scratch.token });
    },
    /** Uploads `file` to POST /api/employees/import (+ `query`) as the administrator: the status and the envelope. */
    async importFile<T = { message: string; error: string | null }>(file: Buffer | ArrayBuffer, query = '') {
      const form = new FormData();
      form.append('file', new Blob([file]), 'employees.xlsx');
      const res = await fetch(`${scratch.server.baseURL}/api/employees/import${query}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${scratch.token}` },
        body: form,
      });
      return { status: res.status, body: (await res.json()) as T };
    },
    /** A POST as the administrator that must create (201): the record created. */
    async post<T = { id: number; name: string }>(apiPath: string, body: unknown): Promise<T> {
      const res = await scratch.api<T>('POST', apiPath, { body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data;
    },
    /** A job, position, grade and level named after `label` and their base salary of 1000: what an employee needs. */
    async newCompany(label: string) {
      const job = await scratch.post('/jobs', { name: `${label} job` });
      const position = await scratch.post('/positions', { name: `${label} position`, jobId: job.id });
      const grade = await scratch.post('/grades', { name: `${label} grade` });
      const level = await scratch.post('/levels', { name: `${label} level` });
      const baseSalary = await scratch.post<{ id: number }>('/base-salary', {
        gradeId: grade.id,
        levelId: level.id,
        amount: 1000,
      });
      return { job, position, grade, level, baseSalary };
    },
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), `salary-${options.name}-`));
    const database = await scratchServerEnv(dataDir);
    drop = database.drop;
    env = {
      ...database.env,
      ADMIN_EMAIL: options.admin.email,
      ADMIN_PASSWORD: options.admin.password,
      JWT_SECRET: `${options.name}-secret-that-is-long-enough-1234`,
      ...options.env,
    };
    if (!env.DATABASE_URL) cpSync(inject('pgliteTemplateDir'), env.DATA_DIR!, { recursive: true });
    await scratch.start();
  }, 120_000);

  afterAll(async () => {
    await scratch.server?.stop();
    await drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  return scratch;
}

import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureServerBuild, spawnServer } from '../../scripts/build-server.mjs';
import { freePort } from '../../scripts/free-port.mjs';
import { WEB_DIST } from './paths.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    adminEmail: string;
    adminPassword: string;
    chromiumPath: string;
  }
}

const ADMIN_EMAIL = 'e2e-admin@example.com';
const ADMIN_PASSWORD = 'e2e-admin-password';
const START_TIMEOUT_MS = 90_000;

function findChromium(): string {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(candidate)) {
    throw new Error(
      `Chromium not found at ${candidate}. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH)`,
    );
  }
  return candidate;
}

async function waitForHealth(baseURL: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`The server exited (code ${server.exitCode}) before it was healthy:\n${output()}`);
    }
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok && ((await res.json()) as { success?: boolean }).success) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become healthy within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

/**
 * One real server for the whole browser run: the built web app, a fresh PGlite database in a
 * temp dir, a known admin. Test files share it and keep apart by using unique emails.
 */
export default async function setup(project: TestProject) {
  const chromiumPath = findChromium();
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error('Web app not built: run npm run build');
  }

  // The server as `npm start` runs it: the built bundle, rebuilt first if a source changed.
  await ensureServerBuild({ quiet: true });

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'salary-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let log = '';
  const server = spawnServer({
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    // Always the embedded database in its own temp dir, whatever the caller's shell holds.
    DATABASE_URL: '',
    DEMO: '',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '1000',
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  try {
    await waitForHealth(baseURL, server, () => log);
  } catch (error) {
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }

  project.provide('baseURL', baseURL);
  project.provide('adminEmail', ADMIN_EMAIL);
  project.provide('adminPassword', ADMIN_PASSWORD);
  project.provide('chromiumPath', chromiumPath);

  return async () => {
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
  };
}

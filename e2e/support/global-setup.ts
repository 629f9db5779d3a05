import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureServerBuild, startBuiltServer, stopProcess } from '../../scripts/build-server.mjs';
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
  let server: Awaited<ReturnType<typeof startBuiltServer>>;
  try {
    server = await startBuiltServer(
      {
        DATA_DIR: dataDir,
        // Always the embedded database in its own temp dir, whatever the caller's shell holds.
        DATABASE_URL: '',
        DEMO: '',
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT: '1000',
      },
      { port, timeoutMs: START_TIMEOUT_MS, pollMs: 250 },
    );
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { baseURL } = server;

  project.provide('baseURL', baseURL);
  project.provide('adminEmail', ADMIN_EMAIL);
  project.provide('adminPassword', ADMIN_PASSWORD);
  project.provide('chromiumPath', chromiumPath);

  return async () => {
    await stopProcess(server.child);
    await rm(dataDir, { recursive: true, force: true });
  };
}

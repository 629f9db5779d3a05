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
    /** One server per worker: a file reads its own with `baseURL()` (support/api.ts). */
    baseURLs: string[];
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

/** One server as `npm start` runs it: the built bundle, a fresh PGlite database in a temp dir. */
async function startServer() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'salary-e2e-'));
  const port = await freePort();
  try {
    const server = await startBuiltServer(
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
    return {
      baseURL: server.baseURL,
      async stop() {
        await stopProcess(server.child);
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * A real server for each worker of the browser run (the built web app, a fresh PGlite database,
 * a known admin): the files one worker runs share its server and keep apart by using unique
 * names; files running at the same time never share a database, so a file that changes the
 * settings cannot surprise another one mid-test.
 */
export default async function setup(project: TestProject) {
  const chromiumPath = findChromium();
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error('Web app not built: run npm run build');
  }

  // The server as `npm start` runs it: the built bundle, rebuilt first if a source changed.
  await ensureServerBuild({ quiet: true });

  const workers = Math.max(1, project.config.maxWorkers);
  const started = await Promise.allSettled(Array.from({ length: workers }, () => startServer()));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((server) => server.stop()));
    throw failed.reason;
  }

  project.provide(
    'baseURLs',
    servers.map((server) => server.baseURL),
  );
  project.provide('adminEmail', ADMIN_EMAIL);
  project.provide('adminPassword', ADMIN_PASSWORD);
  project.provide('chromiumPath', chromiumPath);

  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureServerBuild, startBuiltServer, stopProcess } from '../scripts/build-server.mjs';
import { freePort } from '../scripts/free-port.mjs';
import { BENCH_ADMIN } from './generate.ts';
import { round } from './lib/stats.ts';

/** One start of the built server, as `npm start` runs it. */
export interface StartRun {
  /** Spawn to the first 200 from /api/health. */
  seconds: number;
  /** VmRSS two seconds after healthy, nothing asked of it. */
  idleRssMb: number;
}

export interface StartFigure {
  /** A new database: created (PGlite: initdb in the process), migrated, the demo company seeded. */
  first: StartRun;
  /** The same database again. */
  restart: StartRun;
}

const rssMb = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? round(Number(match[1]) / 1024, 1) : Number.NaN;
};

async function startOnce(env: Record<string, string>): Promise<StartRun> {
  const started = performance.now();
  const { child } = await startBuiltServer(
    { LOG_LEVEL: 'warn', ...env },
    { port: await freePort(), keepChars: 4000, timeoutMs: 120_000, pollMs: 50 },
  );
  try {
    const seconds = round((performance.now() - started) / 1000);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    return { seconds, idleRssMb: rssMb(child.pid!) };
  } finally {
    await stopProcess(child);
  }
}

/**
 * `npm start` on a new database and again on the same one: seconds to healthy and idle RSS
 * (Linux: /proc). PGlite in a temp dir; with `databaseUrl`, a throwaway database on that server.
 */
export async function benchStart(databaseUrl: string | undefined): Promise<StartFigure> {
  await ensureServerBuild({ quiet: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'salary-bench-start-'));
  let url = '';
  const name = `bench_start_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  if (databaseUrl) {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${name}`);
    const u = new URL(databaseUrl);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    JWT_SECRET: 'bench-start-secret-that-is-long-enough-for-hs256',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    DEMO: '1',
  };
  try {
    const first = await startOnce(env);
    const restart = await startOnce(env);
    return { first, restart };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

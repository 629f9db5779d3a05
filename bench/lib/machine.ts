import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';
import { REPO_ROOT } from './paths.ts';

export interface Machine {
  cores: number;
  cpu: string;
  totalMemoryGb: number;
  /** 1-minute load average when the run started: a busy shared machine skews every figure. */
  loadAverage: number;
  node: string;
  platform: string;
  database: 'pglite' | 'postgres';
  databaseVersion: string;
  date: string;
}

function pgliteVersion(): string {
  for (const dir of ['apps/server/node_modules', 'node_modules']) {
    try {
      const file = path.join(REPO_ROOT, dir, '@electric-sql/pglite/package.json');
      return `PGlite ${(JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version}`;
    } catch {
      // Not installed at this level; try the next.
    }
  }
  return 'PGlite';
}

export async function describeMachine(database: Database): Promise<Machine> {
  const result = (await database.db.execute(sql`select version() as v`)) as unknown as {
    rows: { v: string }[];
  };
  const server = result.rows[0]?.v.split(' on ')[0] ?? 'unknown';
  return {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    totalMemoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    loadAverage: Math.round(os.loadavg()[0]! * 100) / 100,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    database: database.kind,
    databaseVersion: database.kind === 'pglite' ? `${pgliteVersion()} (${server})` : server,
    date: new Date().toISOString(),
  };
}

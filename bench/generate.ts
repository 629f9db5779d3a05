import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type Database, migrateDatabase, openDatabase } from '../apps/server/src/db/client.ts';
import { ensureFirstAdmin } from '../apps/server/src/modules/users/first-admin.service.ts';
import { createUsersRepository } from '../apps/server/src/modules/users/users.repository.ts';
import { runDemoSeed } from '../apps/server/src/seed/demo.ts';

/** The administrator every bench database gets (ensureFirstAdmin with these values). */
export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password' };

/** Where a bench database lives, so a child process can open the same one. */
export type BenchLocation = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export interface BenchDatabase {
  database: Database;
  location: BenchLocation;
  /** A temp dir for the app's DATA_DIR (and, on PGlite, the database itself). */
  dataDir: string;
  employees: number;
  /** Closes this process's connection; the data stays (a child can open it). */
  close(): Promise<void>;
  /** Opens the connection again after close(). */
  reopen(): Promise<Database>;
  /** Closes and deletes everything: the temp dir, and on PostgreSQL the throwaway database. */
  dispose(): Promise<void>;
}

export function openBenchDatabase(location: BenchLocation): Promise<Database> {
  return location.kind === 'postgres'
    ? openDatabase({ kind: 'postgres', url: location.url })
    : openDatabase({ kind: 'pglite', dataDir: location.dataDir });
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

let serial = 0;

/**
 * A fresh database with the demo rule set and `employees` employees (runDemoSeed, one
 * transaction) plus the bench administrator. PGlite in a temp dir by default; with
 * `databaseUrl`, a throwaway `bench_<pid>_<n>` database created through that server and
 * dropped by dispose().
 */
export async function createBenchDatabase(opts: {
  employees: number;
  databaseUrl?: string;
}): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'salary-bench-'));
  serial += 1;
  let location: BenchLocation;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (opts.databaseUrl) {
    const adminUrl = opts.databaseUrl;
    const name = `bench_${process.pid}_${serial}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
    location = { kind: 'postgres', url: withDatabase(adminUrl, name) };
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        // pool.end() resolves before every backend has gone: wait for them (55006 = still in
        // use) rather than kill one mid-shutdown; force only as a last resort.
        for (let attempt = 0; ; attempt++) {
          try {
            await dropper.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 50 ? ' WITH (FORCE)' : ''}`);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await dropper.end();
      }
    };
  } else {
    location = { kind: 'pglite', dataDir };
  }

  let database: Database | undefined;
  try {
    database = await openBenchDatabase(location);
    await migrateDatabase(database);
    await ensureFirstAdmin(createUsersRepository(database.db), {
      email: BENCH_ADMIN.email,
      password: BENCH_ADMIN.password,
      print: () => {},
    });
    // Without the demo's calendar (days, leavers, dated promotions): the figures stay comparable.
    const seeded = await runDemoSeed(database.db, opts.employees, { calendar: false });
    if (!seeded.seeded) throw new Error(seeded.message);
  } catch (error) {
    await database?.close();
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  let open: Database | undefined = database;
  const bench: BenchDatabase = {
    get database() {
      if (!open) throw new Error('The bench database is closed');
      return open;
    },
    location,
    dataDir,
    employees: opts.employees,
    async close() {
      await open?.close();
      open = undefined;
    },
    async reopen() {
      open ??= await openBenchDatabase(location);
      return open;
    },
    async dispose() {
      await bench.close();
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return bench;
}

// CLI: `npx tsx bench/generate.ts --employees 10000 [--keep]` builds one database and says
// where it is (with --keep, a PGlite dir you can serve with DATA_DIR=<dir> npm start).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { employees: { type: 'string', default: '10000' }, keep: { type: 'boolean', default: false } },
  });
  const employees = Number(values.employees);
  const started = performance.now();
  const bench = await createBenchDatabase({ employees, databaseUrl: process.env.DATABASE_URL || undefined });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const where = bench.location.kind === 'pglite' ? bench.dataDir : bench.location.url;
  console.log(`${employees} employees on ${bench.location.kind} in ${seconds} s: ${where}`);
  console.log(`admin: ${BENCH_ADMIN.email} / ${BENCH_ADMIN.password}`);
  if (values.keep) await bench.close();
  else await bench.dispose();
}

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** A directory holding a migrated PGlite data dir (`pgdata/`): what a child server opens. */
    pgliteTemplateDir: string;
    pgTemplateDb: string;
    pgAdminUrl: string;
  }
}

export const PG_TEMPLATE_DB = `salary_tpl_${process.pid}`;

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One migrated PGlite per run, whichever projects ask (the server, medium and release projects). */
interface PgliteTemplate {
  /** The data dir as a tarball, for an in-process PGlite (`loadDataDir`). */
  file: string;
  /** A directory whose `pgdata/` is the same data dir, for a child server to copy. */
  dataDir: string;
  /** The projects using it: the last one to end removes it. */
  users: number;
}
const SHARED = Symbol.for('salary.test.pgliteTemplate');
const shared = globalThis as { [SHARED]?: Promise<PgliteTemplate> };

async function buildPgliteTemplate(): Promise<PgliteTemplate> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'salary-test-'));
  const dataDir = path.join(dir, 'data');
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await migrateDatabase(database);
  const dump = await database.pglite!.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return { file, dataDir, users: 0 };
}

/**
 * Migrates once per run: a PGlite data dir dumped to a tarball that each test file loads (much
 * faster than migrating again) and kept as a directory that each child server of the release
 * tier starts on (a copy: no initdb, no migrations), or a PostgreSQL template database that
 * each test file clones with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const kind = process.env.TEST_DB_KIND ?? project.config.env?.TEST_DB_KIND ?? 'pglite';

  if (kind === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE_DB}`);
    const database = await openDatabase({
      kind: 'postgres',
      url: withDatabase(adminUrl, PG_TEMPLATE_DB),
      poolSize: 1,
    });
    await migrateDatabase(database);
    await database.close();
    project.provide('pgTemplateDb', PG_TEMPLATE_DB);
    project.provide('pgAdminUrl', adminUrl);
    project.provide('pgliteTemplate', '');
    project.provide('pgliteTemplateDir', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DB} WITH (FORCE)`);
      await admin.end();
    };
  }

  // Built once in this process and removed after the last project that uses it.
  shared[SHARED] ??= buildPgliteTemplate();
  const template = await shared[SHARED];
  template.users += 1;
  project.provide('pgliteTemplate', template.file);
  project.provide('pgliteTemplateDir', template.dataDir);
  project.provide('pgTemplateDb', '');
  project.provide('pgAdminUrl', '');
  return () => {
    template.users -= 1;
    if (template.users === 0) {
      delete shared[SHARED];
      rmSync(path.dirname(template.file), { recursive: true, force: true });
    }
  };
}

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
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

/**
 * Migrates once per run: a PGlite data dir dumped to a tarball that each test file
 * loads (much faster than migrating again), or a PostgreSQL template database that each test file
 * clones with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const kind = process.env.TEST_DB_KIND ?? project.config.env?.TEST_DB_KIND ?? 'pglite';
  const dir = mkdtempSync(path.join(os.tmpdir(), 'salary-test-'));

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
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DB} WITH (FORCE)`);
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    };
  }

  const database = await openDatabase({ kind: 'pglite' });
  await migrateDatabase(database);
  const dump = await database.pglite!.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplateDb', '');
  project.provide('pgAdminUrl', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

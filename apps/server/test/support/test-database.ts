import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A fresh, migrated database for one test file: PGlite loaded from the run's template, or
 * a PostgreSQL database cloned from the template database. `close()` also drops the clone.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const templateDb = inject('pgTemplateDb');
  if (templateDb) {
    const adminUrl = inject('pgAdminUrl');
    const name = `salary_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDb}`);
    await admin.end();
    const url = withDatabase(adminUrl, name);
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
    return {
      ...database,
      url,
      close: async () => {
        await database.close();
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        // pool.end() resolves before every backend has gone; a plain DROP waits for them
        // (55006 = still in use) instead of killing one mid-shutdown with FORCE.
        for (let attempt = 0; ; attempt++) {
          try {
            await dropper.query(`DROP DATABASE IF EXISTS ${name}`);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
        await dropper.end();
      },
    };
  }
  const tarball = readFileSync(inject('pgliteTemplate'));
  return openDatabase({ kind: 'pglite', loadDataDir: new Blob([tarball]) });
}

/**
 * Where a child server process keeps its data for one test: a fresh PGlite data dir, or a
 * fresh (migrated at start by the server itself) PostgreSQL database on the test server.
 */
export async function scratchServerEnv(
  dataDir: string,
): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const templateDb = inject('pgTemplateDb');
  if (!templateDb) return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, drop: async () => {} };
  const adminUrl = inject('pgAdminUrl');
  const name = `salary_s_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: withDatabase(adminUrl, name) },
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { IMPORT_HEADER, importRow, xlsxOf } from '../excel/excel-files.ts';
import { useScratchServer } from '../support/scratch-server.ts';

/*
 * PostgreSQL ends the app's connection in the middle of a write (an administrator's
 * pg_terminate_backend, a restart, a failover). That write fails with a 503 in words and
 * saves nothing; the same server process answers the next requests.
 *
 * Deterministic, not timed: an admin connection holds a lock on the table the write needs, so
 * the write waits inside its transaction; the test sees the app's backend waiting on that lock
 * (pg_stat_activity) and only then terminates it.
 */

const onPostgres = Boolean(inject('pgTemplateDb'));
if (!onPostgres)
  console.info(
    'connection-lost: skipped on PGlite (an embedded database has no connection to lose); set TEST_DATABASE_URL to run it',
  );

const ADMIN = { email: 'faults-admin@example.com', password: 'faults-password-1' };
const LOST = 'The database connection was lost; nothing was saved.';

describe.skipIf(!onPostgres)('a database connection lost during a write (PostgreSQL)', () => {
  const scratch = useScratchServer({ name: 'connection-lost', admin: ADMIN });
  /** Holds the locks: on the server's database. */
  let admin: pg.Client;
  /** Watches and terminates: on the test server's own database, outside every transaction. */
  let watcher: pg.Client;
  let adminPid = 0;
  let database = '';
  let company: {
    job: { name: string };
    position: { name: string };
    grade: { name: string };
    level: { name: string };
  };

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: scratch.databaseUrl() });
    await admin.connect();
    adminPid = (await admin.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    watcher = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await watcher.connect();
    database = new URL(scratch.databaseUrl()).pathname.slice(1);
    company = await scratch.newCompany('Faults');
  });
  afterAll(async () => {
    await admin?.end();
    await watcher?.end();
  });

  /**
   * Runs `write` while the admin connection holds `table` exclusively; once one of the
   * server's backends waits for that lock, terminates it, then lets the lock go.
   */
  async function terminateDuring<T>(table: string, write: () => Promise<T>): Promise<T> {
    await admin.query('begin');
    await admin.query(`lock table ${table} in access exclusive mode`);
    const pending = write();
    let pid: number | undefined;
    try {
      for (let i = 0; i < 600 && pid === undefined; i++) {
        // From a connection outside any transaction: inside one, pg_stat_activity keeps the
        // state it read first.
        const { rows } = await watcher.query<{ pid: number }>(
          `select pid from pg_stat_activity
            where datname = $1 and pid <> $2 and wait_event_type = 'Lock' and xact_start < query_start`,
          [database, adminPid],
        );
        pid = rows[0]?.pid;
        if (pid === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(pid, `a backend of the server waits on ${table} inside its transaction`).toBeDefined();
      await watcher.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.query('rollback');
    }
    return pending;
  }

  async function expectServing() {
    expect(scratch.server.child.exitCode, scratch.server.output()).toBeNull();
    const health = await scratch.api<{ status: string; database: string }>('GET', '/health');
    expect(health.status).toBe(200);
    expect(health.body.data).toEqual({ status: 'ok', database: 'postgres' });
    expect((await scratch.api('GET', '/employees')).status).toBe(200);
  }

  it('a settings save answers 503 in words, saves nothing, and the same server saves the next one', async () => {
    const before = (await scratch.api<Record<string, unknown>>('GET', '/settings')).body.data;
    const { updatedAt: _u, ...body } = before;
    const next = { ...body, experienceMultiplier: (before.experienceMultiplier as number) + 3 };

    const res = await terminateDuring('settings', () => scratch.api('PUT', '/settings', { body: next }));
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(res.body).toMatchObject({ success: false, message: LOST, error: 'DATABASE_UNAVAILABLE' });

    await expectServing();
    const after = (await scratch.api<Record<string, unknown>>('GET', '/settings')).body.data;
    expect(after).toEqual(before);
    const saved = await scratch.api<Record<string, unknown>>('PUT', '/settings', { body: next });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.experienceMultiplier).toBe(next.experienceMultiplier);
  });

  it('an import answers 503 in words, adds nobody, and the same server imports the file next', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => importRow(company, { Name: `Lost ${i}` }));
    const file = await xlsxOf([IMPORT_HEADER, ...rows]);
    const importIt = () => scratch.importFile(file);
    const before = (await scratch.api<unknown[]>('GET', '/employees')).body.data;

    const res = await terminateDuring('employees', importIt);
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(res.body).toMatchObject({ message: LOST, error: 'DATABASE_UNAVAILABLE' });

    await expectServing();
    expect((await scratch.api<unknown[]>('GET', '/employees')).body.data).toEqual(before);
    const again = await importIt();
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await scratch.api<unknown[]>('GET', '/employees')).body.data).toHaveLength(before.length + 30);
  });

  it('the health check says when the database does not answer, and again when it does', async () => {
    await watcher.query(`alter database ${database} allow_connections false`);
    try {
      await watcher.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> $2',
        [database, adminPid],
      );
      const down = await scratch.api<{ status: string; database: string }>('GET', '/health');
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({
        success: false,
        message: 'The database is not reachable',
        data: { status: 'database unavailable', database: 'postgres' },
      });
    } finally {
      await watcher.query(`alter database ${database} allow_connections true`);
    }
    await expectServing();
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { type ServerProcess, startServer } from '../support/server-process.ts';
import { scratchServerEnv } from '../support/test-database.ts';

/*
 * A first rollout of several replicas: every one starts at the same moment on one empty
 * PostgreSQL database. Migrations, the first administrator and the demo company are each
 * done once, by whichever replica gets there first, and every replica comes up.
 */

const ROUNDS = 5;
const REPLICAS = 3;
const onPostgres = Boolean(inject('pgTemplateDb'));
if (!onPostgres)
  console.info(
    'replicas-start: skipped on PGlite (one process owns an embedded database); set TEST_DATABASE_URL to run it',
  );

async function countRows(
  url: string,
): Promise<{ admins: number; users: number; jobs: number; employees: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ admins: number; users: number; jobs: number; employees: number }>(
      `select (select count(*)::int from users where is_admin) as admins,
              (select count(*)::int from users) as users,
              (select count(*)::int from jobs) as jobs,
              (select count(*)::int from employees) as employees`,
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}

describe.skipIf(!onPostgres)('replicas started together on an empty PostgreSQL database', () => {
  it(
    `all ${REPLICAS} come up, ${ROUNDS} rounds, with one admin and one demo company`,
    async () => {
      for (let round = 1; round <= ROUNDS; round++) {
        const dataDir = mkdtempSync(path.join(os.tmpdir(), 'salary-replicas-'));
        const scratch = await scratchServerEnv(dataDir);
        const env = {
          ...scratch.env,
          ADMIN_EMAIL: 'replica-admin@example.com',
          ADMIN_PASSWORD: 'replica-password-1',
          JWT_SECRET: 'replicas-test-secret-that-is-long-enough-42',
          DEMO: '1',
        };
        const started = await Promise.allSettled(Array.from({ length: REPLICAS }, () => startServer(env)));
        const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
        try {
          const failures = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
          expect(failures, `round ${round}`).toEqual([]);
          for (const server of servers as ServerProcess[]) {
            const res = await fetch(`${server.baseURL}/api/health`);
            expect(res.status).toBe(200);
          }
          const counts = await countRows(scratch.env.DATABASE_URL!);
          expect(counts.admins, `round ${round}: admins`).toBe(1);
          expect(counts.users, `round ${round}: users`).toBe(1);
          expect(counts.employees, `round ${round}: demo employees`).toBe(200);
        } finally {
          await Promise.all(servers.map((s) => s.stop()));
          await scratch.drop();
          rmSync(dataDir, { recursive: true, force: true });
        }
      }
    },
    ROUNDS * 90_000,
  );
});

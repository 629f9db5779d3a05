import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, jobs } from '../../src/db/schema.ts';
import { runPreview, runWriteScope, UnauditedWriteError } from '../../src/lib/write-scope.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';

/*
 * The write scope is what the audit trail and the impact preview stand on: one transaction
 * per write, reached through `app.db` wherever the code runs, rolled back on any failure —
 * and, for a preview, always.
 */

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const jobNamed = async (name: string) =>
  (await t.app.db.select().from(jobs).where(eq(jobs.name, name))).length;
const actor = { id: 1, email: 'admin@example.com' };

describe('write scope', () => {
  it('commits what a scope wrote through the shared handle, and only when it succeeds', async () => {
    await runWriteScope(t.app.rootDb, () => t.app.db.insert(jobs).values({ name: 'Scoped A' }), {
      actor,
      unaudited: true,
    });
    expect(await jobNamed('Scoped A')).toBe(1);

    await expect(
      runWriteScope(
        t.app.rootDb,
        async () => {
          await t.app.db.insert(jobs).values({ name: 'Scoped B' });
          throw new Error('refused after writing');
        },
        { actor, unaudited: true },
      ),
    ).rejects.toThrow('refused after writing');
    expect(await jobNamed('Scoped B')).toBe(0);
  });

  it('refuses, and rolls back, a scope that wrote without an audit entry', async () => {
    await expect(
      runWriteScope(t.app.rootDb, () => t.app.db.insert(jobs).values({ name: 'Scoped C' }), {
        actor,
        label: 'POST /api/jobs',
      }),
    ).rejects.toBeInstanceOf(UnauditedWriteError);
    expect(await jobNamed('Scoped C')).toBe(0);
    // A scope that only read needs no entry.
    await expect(
      runWriteScope(t.app.rootDb, async () => (await t.app.db.select().from(jobs)).length, { actor }),
    ).resolves.toBeGreaterThan(0);
  });

  it('rolls back everything a preview did, the real route and its audit entry included', async () => {
    const auditBefore = (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(auditEntries))[0]?.n;
    const answer = await runPreview(
      t.app.rootDb,
      async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/jobs',
          headers: { authorization: `Bearer ${t.adminToken}` },
          payload: { name: 'Previewed Job' },
        });
        await t.app.db.insert(auditEntries).values({
          actorEmail: actor.email,
          action: 'create',
          entityType: 'job',
        });
        // Inside the preview the new job is there, read through the same handle.
        return { status: res.statusCode, seen: await jobNamed('Previewed Job') };
      },
      { actor },
    );
    expect(answer).toEqual({ status: 201, seen: 1 });
    expect(await jobNamed('Previewed Job')).toBe(0);
    const auditAfter = (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(auditEntries))[0]?.n;
    expect(auditAfter).toBe(auditBefore);
    // The app goes on serving other requests normally after a preview.
    const list = await t.callAsAdmin({ method: 'GET', url: '/api/jobs' });
    expect(list.statusCode).toBe(200);
  });

  it('answers a write route only after its transaction committed', async () => {
    const res = await t.callAsAdmin({ method: 'POST', url: '/api/jobs', payload: { name: 'Committed' } });
    expect(res.statusCode).toBe(201);
    expect(await jobNamed('Committed')).toBe(1);
  });
});

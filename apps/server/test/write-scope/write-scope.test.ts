import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../src/db/client.ts';
import { auditEntries, jobs } from '../../src/db/schema.ts';
import {
  nestedUnitOfWork,
  runPreview,
  runUnitOfWork,
  UnauditedWriteError,
} from '../../src/lib/unit-of-work.ts';
import { joinableUnitOfWork } from '../../src/plugins/unit-of-work.plugin.ts';
import { testAppForFile } from '../support/helper.ts';

/*
 * The unit of work is what the audit trail and the impact preview stand on: one transaction
 * per write, handed to whatever writes, rolled back on any failure — and, for a preview,
 * always.
 */

const t = testAppForFile();

const jobNamed = async (name: string, handle: DbOrTx = t.app.db) =>
  (await handle.select().from(jobs).where(eq(jobs.name, name))).length;
const actor = { id: 1, email: 'admin@example.com' };
const auditCount = async () =>
  (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(auditEntries))[0]?.n;

describe('unit of work', () => {
  it('commits what a unit wrote on its transaction, and only when it succeeds', async () => {
    await runUnitOfWork(t.app.db, { actor, audited: false }, (uow) =>
      uow.tx.insert(jobs).values({ name: 'Scoped A' }),
    );
    expect(await jobNamed('Scoped A')).toBe(1);

    await expect(
      runUnitOfWork(t.app.db, { actor, audited: false }, async (uow) => {
        await uow.tx.insert(jobs).values({ name: 'Scoped B' });
        throw new Error('refused after writing');
      }),
    ).rejects.toThrow('refused after writing');
    expect(await jobNamed('Scoped B')).toBe(0);
  });

  it('refuses, and rolls back, a unit that wrote without an audit entry', async () => {
    await expect(
      runUnitOfWork(t.app.db, { actor, label: 'POST /api/jobs' }, (uow) =>
        uow.tx.insert(jobs).values({ name: 'Scoped C' }),
      ),
    ).rejects.toBeInstanceOf(UnauditedWriteError);
    expect(await jobNamed('Scoped C')).toBe(0);
    // A unit that only read needs no entry.
    await expect(
      runUnitOfWork(t.app.db, { actor }, async (uow) => (await uow.tx.select().from(jobs)).length),
    ).resolves.toBeGreaterThan(0);
  });

  it('runs nested work in a savepoint: its failure undoes only it, its entries count outside', async () => {
    await runUnitOfWork(t.app.db, { actor }, async (uow) => {
      await uow.tx.insert(jobs).values({ name: 'Outer D' });
      await expect(
        nestedUnitOfWork(uow, {}, async (inner) => {
          await inner.tx.insert(jobs).values({ name: 'Inner D' });
          throw new Error('inner refused');
        }),
      ).rejects.toThrow('inner refused');
      // The nested unit records the entry the outer one needs.
      await nestedUnitOfWork(uow, {}, async (inner) => {
        const [row] = await inner.tx
          .insert(auditEntries)
          .values({ actorEmail: actor.email, action: 'create', entityType: 'job' })
          .returning({ id: auditEntries.id });
        inner.audit.recorded.push(row!.id);
      });
      expect(uow.audit.recorded).toHaveLength(1);
    });
    expect(await jobNamed('Outer D')).toBe(1);
    expect(await jobNamed('Inner D')).toBe(0);
  });

  it('rolls back everything a preview did, the real route and its audit entry included', async () => {
    const auditBefore = await auditCount();
    const me = (await t.callAsAdmin({ method: 'GET', url: '/api/auth/me' })).json().data.user;
    const caller = { ...me, sessionId: 'preview', sessionExpiresAt: new Date() } as FastifyRequest['actor'];
    const answer = await runPreview(t.app.db, { actor }, async (uow) => {
      const res = await joinableUnitOfWork(uow, caller, (headers) =>
        t.app.inject({
          method: 'POST',
          url: '/api/jobs',
          headers: { authorization: `Bearer ${t.adminToken}`, ...headers },
          payload: { name: 'Previewed Job' },
        }),
      );
      await uow.tx.insert(auditEntries).values({
        actorEmail: actor.email,
        action: 'create',
        entityType: 'job',
      });
      // Inside the preview the new job is there, read on its transaction.
      return { status: res.statusCode, seen: await jobNamed('Previewed Job', uow.tx) };
    });
    expect(answer).toEqual({ status: 201, seen: 1 });
    expect(await jobNamed('Previewed Job')).toBe(0);
    expect(await auditCount()).toBe(auditBefore);
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

import type { AuditEntry, AuditPage } from '@salary/shared/audit/audit.contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';

/*
 * GET /api/audit read page by page through its cursor, for each filter and some of their
 * combinations, shows exactly the entries the whole log filtered by hand shows, newest first,
 * none twice and none skipped — also where many entries share one time (one transaction's).
 * And the log cannot be changed or emptied behind the app's back.
 */

let t: TestContext;
let db: Db;
let all: AuditEntry[];

/** 400 entries over 4 days, 4 actors (one deleted since), 5 types, runs of 6 sharing a time. */
const ENTRIES = 400;

beforeAll(async () => {
  t = await buildTestApp();
  db = t.database.db;
  await db.execute(sql`
    insert into audit_entries (at, actor_id, actor_email, action, entity_type, entity_id, changes, details)
    select timestamptz '2026-03-01T00:00:00Z' + (i / 6) * interval '90 minutes',
      case when i % 4 = 3 then null else 900 + i % 4 end,
      case when i % 4 = 3 then 'Gone@Example.com' else 'user' || (i % 4) || '@example.com' end,
      'update', (array['job','grade','level','employee','settings'])[1 + i % 5], (i % 7)::text,
      '[]'::jsonb, jsonb_build_object('label', 'Entry ' || i)
    from generate_series(0, ${ENTRIES - 1}) as i`);
  all = await readAll('/api/audit?limit=200');
}, 60_000);
afterAll(async () => t.close());

async function readAll(url: string): Promise<AuditEntry[]> {
  const out: AuditEntry[] = [];
  let cursor: number | null = null;
  for (let pages = 0; pages < 1000; pages++) {
    const res: { statusCode: number; body: string; envelope: { data: AuditPage } } =
      await t.callAsAdmin<AuditPage>({
        method: 'GET',
        url: cursor === null ? url : `${url}&before=${cursor}`,
      });
    expect(res.statusCode, res.body).toBe(200);
    out.push(...res.envelope.data.entries);
    cursor = res.envelope.data.nextCursor;
    if (cursor === null) return out;
  }
  throw new Error(`${url}: no last page`);
}

const newestFirst = (a: AuditEntry, b: AuditEntry) => b.at.localeCompare(a.at) || b.id - a.id;

const CASES: { name: string; query: string; keep(e: AuditEntry): boolean }[] = [
  { name: 'no filter', query: '', keep: () => true },
  { name: 'entity type', query: 'entityType=grade', keep: (e) => e.entityType === 'grade' },
  {
    name: 'entity type and id',
    query: 'entityType=employee&entityId=3',
    keep: (e) => e.entityType === 'employee' && e.entityId === '3',
  },
  { name: 'actor by id', query: 'actor=901', keep: (e) => e.actorId === 901 },
  {
    name: 'actor by the email of a deleted user, any letter case',
    query: 'actor=gone@example.COM',
    keep: (e) => e.actorEmail === 'Gone@Example.com',
  },
  {
    name: 'date range',
    query: 'from=2026-03-02&to=2026-03-03',
    keep: (e) => e.at >= '2026-03-02' && e.at < '2026-03-04',
  },
  {
    name: 'entity type within a date range',
    query: 'entityType=level&from=2026-03-02T12:00:00Z&to=2026-03-03T06:00:00Z',
    keep: (e) => e.entityType === 'level' && e.at >= '2026-03-02T12:00' && e.at < '2026-03-03T06:00',
  },
  {
    name: 'actor and entity type',
    query: 'actor=user2@example.com&entityType=job',
    keep: (e) => e.actorEmail === 'user2@example.com' && e.entityType === 'job',
  },
];

describe('GET /api/audit, page by page', () => {
  it('reads the seeded log whole, newest first', () => {
    const seeded = all.filter((e) => e.summary.startsWith('Entry'));
    expect(seeded).toHaveLength(ENTRIES);
    expect([...all].sort(newestFirst).map((e) => e.id)).toEqual(all.map((e) => e.id));
  });

  it('starts a page at an id that names no entry: the newest entry below it comes first', async () => {
    // The pay history links a row to its cause as /settings/audit?before=<entry id + 1>; the id
    // after the newest entry, or one in a gap, names no entry.
    const ids = all.map((e) => e.id);
    const newest = Math.max(...ids);
    for (const before of [newest + 1, newest + 1000]) {
      const res = await t.callAsAdmin<AuditPage>({
        method: 'GET',
        url: `/api/audit?limit=3&before=${before}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.envelope.data.entries.map((e) => e.id)).toEqual(all.slice(0, 3).map((e) => e.id));
    }
    // An existing id: strictly older than that entry, and the entry id − 1 is the first shown
    // when it sorts there (the seeded log's ids follow its times).
    const middle = all[10]!;
    const page = await t.callAsAdmin<AuditPage>({
      method: 'GET',
      url: `/api/audit?limit=2&before=${middle.id}`,
    });
    expect(page.envelope.data.entries.map((e) => e.id)).toEqual(all.slice(11, 13).map((e) => e.id));
    // Below every entry: nothing.
    const none = await t.callAsAdmin<AuditPage>({
      method: 'GET',
      url: `/api/audit?limit=2&before=${Math.min(...ids)}`,
    });
    expect(none.envelope.data.entries).toEqual([]);
  });

  for (const c of CASES)
    for (const limit of [1, 7, 50])
      it(`${c.name}, ${limit} a page: every matching entry once, newest first`, async () => {
        const expected = all.filter(c.keep).map((e) => e.id);
        expect(expected.length).toBeGreaterThan(0);
        const read = await readAll(`/api/audit?limit=${limit}${c.query ? `&${c.query}` : ''}`);
        expect(read.map((e) => e.id)).toEqual(expected);
      });
});

describe('the audit trail is append-only in the database', () => {
  it.each([
    ['update an entry', sql`update audit_entries set actor_email = 'someone@example.com'`],
    ['delete an entry', sql`delete from audit_entries where id = (select min(id) from audit_entries)`],
    ['empty the log', sql`truncate audit_entries cascade`],
    ['update a history row', sql`update pay_history set gross_after = 0`],
    ['delete a history row', sql`delete from pay_history`],
    [
      'update the employee changes of an import',
      sql`update audit_employee_changes set name = 'Someone else'`,
    ],
    ['delete the employee changes of an import', sql`delete from audit_employee_changes`],
    ['empty the employee changes', sql`truncate audit_employee_changes`],
  ])('refuses to %s', async (_name, statement) => {
    const refused = await db.execute(statement).then(
      () => undefined,
      (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
    );
    expect(refused).toMatch(/append-only/);
    expect(await readAll('/api/audit?limit=200')).toEqual(all);
  });
});

import { STALE_VERSION_ERROR, type StaleVersionData } from '@salary/shared/common/stale-version';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, users } from '../../src/db/schema.ts';
import { versionedFormOf } from '../support/employee-forms.ts';
import { ALL_PERMISSIONS, buildTestApp, type TestContext, USER_PASSWORD } from '../support/helper.ts';

/*
 * Lost updates, per editable record kind, generated from one table: two people open the same
 * record (both read version v) and both save. Exactly one save answers 200 and the other 409
 * STALE_VERSION naming the first one's author and the field they changed; the first save is
 * intact, the audit trail has exactly its entry, and "Apply anyway" (the refused body resent
 * with the version the 409 gave) then saves over it. On PostgreSQL the two people are two app
 * instances (replicas) of one database; PGlite has one connection, so the same race runs there
 * one write after the other.
 */

type Call = TestContext['call'];
type Row = Record<string, unknown> & { id: number; version: number };

interface Kind {
  name: string;
  /** A fresh record to race on; answers how to read it again (as the form loads it). */
  make(): Promise<() => Promise<Row>>;
  /** The form's save from `row` as read, with `mark` as its change. */
  save(call: Call, token: string, row: Row, mark: number): ReturnType<Call>;
  /** The value `mark` left in the record. */
  shows(row: Row): unknown;
  expected(mark: number): unknown;
  /** How the 409 names the field the first save changed. */
  field: string;
  /** The record's version after the first save (a new grid cell: 1). */
  next(read: number): number;
}

let t: TestContext;
let other: Awaited<ReturnType<TestContext['replica']>>;
let rival: { token: string; email: string };
let seq = 0;
const unique = (p: string) => `${p} ${++seq}-${Math.random().toString(36).slice(2, 6)}`;

async function listed(url: string, id: number): Promise<Row> {
  const res = await t.callAsAdmin<Row[] | { users: Row[] }>({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.envelope.data;
  const row = (Array.isArray(data) ? data : data.users).find((r) => r.id === id);
  if (!row) throw new Error(`${url}: no row ${id}`);
  return row;
}

const put =
  (url: string, body: (row: Row, mark: number) => object) =>
  (call: Call, token: string, row: Row, mark: number) =>
    call({ method: 'PUT', url: `${url}/${row.id}`, token, payload: body(row, mark) });

const same = (read: number) => read + 1;

/** A record the form renames: `Raced <name> <mark>` shows in its Name. */
function renamed(name: string, url: string, make: () => Promise<number>, keep = (_row: Row) => ({})): Kind {
  const expected = (mark: number) => `Raced ${name} ${mark}`;
  return {
    name,
    async make() {
      const id = await make();
      return () => listed(url, id);
    },
    save: put(url, (row, mark) => ({ name: expected(mark), ...keep(row), version: row.version })),
    shows: (row) => row.name,
    expected,
    field: 'Name',
    next: same,
  };
}

/** A record whose amount the form sets to `base + mark`. */
function priced(
  name: string,
  base: number,
  kind: Pick<Kind, 'make' | 'save' | 'field'> & Partial<Kind>,
): Kind {
  return { name, shows: (row) => row.amount, expected: (mark) => base + mark, next: same, ...kind };
}

/** The grid's save of one cell, as `POST /api/base-salary/bulk` sends it. */
const gridSave =
  (base: number): Kind['save'] =>
  (call, token, row, mark) => {
    const cell = { gradeId: row.gradeId, levelId: row.levelId, amount: base + mark, version: row.version };
    return call({ method: 'POST', url: '/api/base-salary/bulk', token, payload: { cells: [cell] } });
  };

/** The company's base salary, as the list reads it. */
async function baseSalaryOfNewCompany() {
  const c = await t.newCompany();
  return () => listed('/api/base-salary', c.baseSalary.id);
}

const KINDS: Kind[] = [
  renamed('job', '/api/jobs', async () => (await t.newJob(unique('Job'))).id),
  renamed(
    'position',
    '/api/positions',
    async () => (await t.newPosition((await t.newJob(unique('Job'))).id)).id,
    (row) => ({ jobId: row.jobId }),
  ),
  renamed(
    'grade',
    '/api/grades',
    async () => (await t.newGrade(unique('Grade'), 500 + seq)).id,
    (row) => ({ order: row.order }),
  ),
  renamed('level', '/api/levels', async () => (await t.newLevel(unique('Level'))).id),
  renamed(
    'user',
    '/api/auth/users',
    async () => (await t.createUser({ showSalary: true })).user.id,
    (row) => ({ permissions: row.permissions }),
  ),
  priced('base salary', 6000, {
    make: baseSalaryOfNewCompany,
    save: put('/api/base-salary', (row, mark) => ({
      gradeId: row.gradeId,
      levelId: row.levelId,
      amount: 6000 + mark,
      version: row.version,
    })),
    field: 'Base Salary Amount',
  }),
  priced('base salary in the grid', 7000, {
    make: baseSalaryOfNewCompany,
    save: gridSave(7000),
    field: 'Base Salary Amount (',
  }),
  priced('new cell of the grid', 8000, {
    async make() {
      const grade = await t.newGrade(unique('Grade'), 600 + seq);
      const level = await t.newLevel(unique('Level'));
      // Read as the grid reads an empty cell: no base salary yet (version 0).
      return async () => {
        const res = await t.callAsAdmin<Row[]>({ method: 'GET', url: '/api/base-salary' });
        const row = res.envelope.data.find((r) => r.gradeId === grade.id && r.levelId === level.id);
        return row ?? { id: 0, gradeId: grade.id, levelId: level.id, amount: null, version: 0 };
      };
    },
    save: gridSave(8000),
    field: 'Base Salary Amount (',
    next: () => 1,
  }),
  priced('adjustment factor', 100, {
    async make() {
      const c = await t.newCompany();
      const factor = await t.newFactor(c.job.id, c.position.id, 'PERCENTAGE', 0.1);
      return () => listed('/api/adjustment-factors', factor.id);
    },
    save: put('/api/adjustment-factors', (row, mark) => ({
      jobId: row.jobId,
      positionId: row.positionId,
      type: 'FIXED',
      factor: 100 + mark,
      version: row.version,
    })),
    shows: (row) => row.factor,
    field: 'Adjustment Factor',
  }),
  {
    ...renamed('employee', '/api/employees', async () => 0),
    async make() {
      const id = await t.newEmployeeOf(await t.newCompany());
      return async () => {
        const res = await t.callAsAdmin<EmployeeView>({ method: 'GET', url: `/api/employees/${id}` });
        return res.envelope.data as unknown as Row;
      };
    },
    save: put('/api/employees', (row, mark) =>
      versionedFormOf(row as unknown as EmployeeView, { name: `Raced employee ${mark}` }),
    ),
  },
];

async function lastAuditId(): Promise<number> {
  const [row] = await t.database.db.select({ id: max(auditEntries.id) }).from(auditEntries);
  return row?.id ?? 0;
}

describe('two people save the same record from one version: one wins, the other is told', () => {
  beforeAll(async () => {
    t = await buildTestApp();
    other = await t.replica();
    // The second person: another administrator, so the 409 names who saved first.
    const made = await t.createUser(ALL_PERMISSIONS);
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, made.user.id));
    rival = { token: await t.login(made.email, USER_PASSWORD), email: made.email };
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it.each(KINDS)('$name', async (kind) => {
    const read = await kind.make();
    const form = await read();
    const auditBefore = await lastAuditId();
    const mark = ++seq * 10;
    const writers = [
      { call: t.call, token: t.adminToken, email: 'admin@example.com', mark: mark + 1 },
      { call: other.call, token: rival.token, email: rival.email, mark: mark + 2 },
    ];
    const answers = await Promise.all(writers.map((w) => kind.save(w.call, w.token, form, w.mark)));

    expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([
      200, 409,
    ]);
    const won = answers.findIndex((a) => a.statusCode === 200);
    const [winner, loser] = [writers[won]!, writers[1 - won]!];
    const refused = answers[1 - won]!;
    expect(refused.envelope.error).toBe(STALE_VERSION_ERROR);
    const data = refused.envelope.data as StaleVersionData;
    // It names the first save: who, and the field they changed.
    expect(data.changes).toHaveLength(1);
    expect(data.changes[0]!.by).toBe(winner.email);
    expect(data.changes[0]!.fields.join()).toContain(kind.field);
    const said = refused.envelope.message.split(`${winner.email} changed `)[1] ?? '';
    expect(said.split(' on ')[0], refused.envelope.message).toContain(kind.field);
    expect(refused.envelope.message).toContain('Reload to see the changes, or apply yours anyway.');

    // Nothing lost: the first save is what the record holds, one version on.
    const now = await read();
    expect(kind.shows(now)).toEqual(kind.expected(winner.mark));
    expect(now.version).toBe(kind.next(form.version));
    // The audit trail has the first save's entry and nothing of the refused one.
    const entries = await t.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.actorEmail, winner.email));
    expect(entries.filter((e) => e.id > auditBefore)).toHaveLength(1);
    expect(await lastAuditId()).toBe(auditBefore + 1);

    // Apply anyway: the refused body, resent with the version the 409 gave, saves over it.
    const applied = await kind.save(
      loser.call,
      loser.token,
      { ...form, id: now.id, version: data.version },
      loser.mark,
    );
    expect(applied.statusCode, applied.body).toBe(200);
    expect(kind.shows(await read())).toEqual(kind.expected(loser.mark));
  });

  it('a grid save with stale cells is refused whole, naming each stale cell', async () => {
    const c = await t.newCompany(5000);
    const level2 = await t.newLevel(unique('Level'));
    const level3 = await t.newLevel(unique('Level'));
    const second = await t.newBaseSalary(c.grade.id, level2.id, 5100);
    const read = async () =>
      (await t.callAsAdmin<Row[]>({ method: 'GET', url: '/api/base-salary' })).envelope.data.filter(
        (r) => r.gradeId === c.grade.id,
      );
    const grid = await read();
    // Someone else saves the first two cells (one at a time, through the edit form).
    for (const row of grid)
      expect(
        (
          await other.call({
            method: 'PUT',
            url: `/api/base-salary/${row.id}`,
            token: rival.token,
            payload: { gradeId: row.gradeId, levelId: row.levelId, amount: 9000, version: row.version },
          })
        ).statusCode,
      ).toBe(200);
    const auditBefore = await lastAuditId();
    const cell = (row: Row, amount: number) => ({
      gradeId: row.gradeId,
      levelId: row.levelId,
      amount,
      version: row.version,
    });
    const res = await t.callAsAdmin<StaleVersionData>({
      method: 'POST',
      url: '/api/base-salary/bulk',
      payload: {
        cells: [
          cell(grid[0]!, 1),
          // A cell nobody touched, new: it is not saved either.
          { gradeId: c.grade.id, levelId: level3.id, amount: 3, version: 0 },
          cell(grid[1]!, 2),
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.envelope.error).toBe(STALE_VERSION_ERROR);
    const pair = (levelName: string) => `${c.grade.name} / ${levelName}`;
    expect(res.envelope.data.rows).toEqual([
      { index: 0, label: `Base salary ${pair(c.level.name)}`, version: 2 },
      { index: 2, label: `Base salary ${pair(level2.name)}`, version: 2 },
    ]);
    expect(res.envelope.message).toContain(
      `Base salaries ${pair(c.level.name)} and ${pair(level2.name)} were changed since you opened them: `,
    );
    expect(res.envelope.data.changes.map((ch) => [ch.by, ch.fields])).toEqual([
      [rival.email, [`Base Salary Amount (${pair(c.level.name)})`]],
      [rival.email, [`Base Salary Amount (${pair(level2.name)})`]],
    ]);
    // Nothing half-saved: the other person's amounts stand, the new cell stays empty, no entry.
    const now = await read();
    expect(now.map((r) => [r.id, r.amount])).toEqual([
      [c.baseSalary.id, 9000],
      [second.id, 9000],
    ]);
    expect(await lastAuditId()).toBe(auditBefore);
  });

  it('a delete from an older version is refused (409, naming the change) and the row stays', async () => {
    const job = await t.newJob(unique('Job'));
    const renamed = await other.call({
      method: 'PUT',
      url: `/api/jobs/${job.id}`,
      token: rival.token,
      payload: { name: unique('Renamed'), version: job.version },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const stale = await t.callAsAdmin({
      method: 'DELETE',
      url: `/api/jobs/${job.id}?version=${job.version}`,
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.envelope.error).toBe(STALE_VERSION_ERROR);
    expect(stale.envelope.message).toContain(`${rival.email} changed Name on `);
    expect((await listed('/api/jobs', job.id)).version).toBe(job.version + 1);
    const bad = await t.callAsAdmin({ method: 'DELETE', url: `/api/jobs/${job.id}?version=first` });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.envelope.message).toContain('version must be a whole number');
    const current = await t.callAsAdmin({
      method: 'DELETE',
      url: `/api/jobs/${job.id}?version=${job.version + 1}`,
    });
    expect(current.statusCode, current.body).toBe(200);
  });
});

import type { AuditEntry, AuditPage } from '@salary/shared/audit/audit.contract';
import {
  ENTRY_REVERT_ERRORS,
  type EntryRevertResult,
  revertKind,
} from '@salary/shared/audit/entry-revert.contract';
import { addDays, todayIn } from '@salary/shared/common/calendar-day';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuleVersionsRepository } from '../../src/modules/rule-calendar/rule-versions.repository.ts';
import { setTimeZone } from '../support/dated-company.ts';
import { addEmployee, addFormFor } from '../support/employee-forms.ts';
import type { Company } from '../support/factories.ts';
import { ALL_PERMISSIONS, buildTestApp, type TestContext } from '../support/helper.ts';
import { currentSettings, unique } from '../support/route-requests.ts';

/*
 * Revert from the Audit Log of every kind of rule write the rule screens make — a base
 * salary's or factor's update (today, from a past day, for a day to come), create and delete,
 * the base-salary grid's save, a settings save, a reorder of grades or levels — generated
 * from one table of cases: write, revert, and every priced answer (the employee list as of
 * days around the write's day, the rules and scheduled changes today, the stored versions)
 * is what it was before the write; a past day's back pay is counted back exactly. A later
 * write of the same rule refuses the revert whole (409 naming it), writing nothing.
 */

let t: TestContext;
let c: Company;
let today: string;
let userToken = '';
const on = (n: number) => addDays(today, n);
/** The days every list is read as of, around the cases' days (-60, -10, today, +5, +30). */
const DAYS = [-400, -61, -60, -59, -30, -11, -10, -1, 0, 1, 5, 29, 30, 31, 400];

beforeAll(async () => {
  t = await buildTestApp();
  c = await t.newCompany(4000);
  await setTimeZone(t, 'UTC');
  today = todayIn('UTC');
  userToken = (await t.createUser(ALL_PERMISSIONS)).token;
  await addEmployee(t, addFormFor(c, { name: 'Grace Hopper', hireDate: '2019-01-10' }));
});
afterAll(async () => t?.close());

const call = async <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.callAsAdmin<T>({ method, url, ...(payload && { payload }) });
/** A write through the API that must go through. */
async function wrote<T = { id: number; version: number }>(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
): Promise<T> {
  const res = await call<T>(method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.envelope.data;
}
const dated = (url: string, day?: number) => (day === undefined ? url : `${url}?effectiveFrom=${on(day)}`);
const revert = (entryId: number, token = t.adminToken) =>
  t.call<EntryRevertResult>({ method: 'POST', url: `/api/audit/${entryId}/revert`, token });
async function newestEntry(): Promise<AuditEntry> {
  const res = await call<AuditPage>('GET', '/api/audit?limit=1');
  return res.envelope.data.entries[0]!;
}
const withoutVersion = <T extends object>(rows: T[]) =>
  rows.map((r) => {
    const { version: _v, updatedAt: _u, ...rest } = r as T & { version?: unknown; updatedAt?: unknown };
    return rest;
  });

/** Every rule without a version gets its first one now, so a write's own opening is not a difference. */
const openVersions = () => createRuleVersionsRepository(t.database.db).open();

/**
 * Every priced answer: the employee list as of each of DAYS, today's rules (without their
 * version counters), the scheduled changes, and every stored rule version.
 */
async function answers() {
  const lists: Record<number, string> = {};
  for (const d of DAYS) {
    const res = await call('GET', `/api/employees?asOf=${on(d)}&status=all`);
    expect(res.statusCode, res.body).toBe(200);
    lists[d] = res.body;
  }
  const get = async <T>(url: string) => (await call<T>('GET', url)).envelope.data;
  const settings = await currentSettings(t);
  const { version: _v, ...settingsValues } = settings;
  const versions = await t.database.db.execute(sql`
    select kind, grade_id, level_id, job_id, position_id, effective_from::text as day, value, applied,
      recorded_by, recorded_at::text as recorded_at
    from rule_versions order by kind, grade_id, level_id, job_id, position_id, effective_from`);
  return {
    lists,
    baseSalaries: withoutVersion(await get<object[]>('/api/base-salary')),
    factors: withoutVersion(await get<object[]>('/api/adjustment-factors')),
    settings: settingsValues,
    grades: withoutVersion(await get<object[]>('/api/grades')),
    levels: withoutVersion(await get<object[]>('/api/levels')),
    scheduled: await get<object[]>('/api/scheduled-changes'),
    versions: (versions as unknown as { rows: unknown[] }).rows,
  };
}

/** An employee of `c`, hired before any day a case writes from; `over` places it. */
const hire = (prefix: string, over: Record<string, unknown>) =>
  addEmployee(t, addFormFor(c, { name: unique(prefix), hireDate: '2018-05-01', ...over }));

/** A fresh pair for one case: a level of `c`'s grade with its base salary and an employee on it. */
async function cell(amount = 3000): Promise<{ level: number; id: number }> {
  const level = await t.newLevel(unique('L'));
  const base = await wrote('POST', '/api/base-salary', { gradeId: c.grade.id, levelId: level.id, amount });
  await hire('On cell', { levelId: level.id });
  return { level: level.id, id: base.id };
}
/** A fresh level of `c`'s grade with no base salary, and an employee on it. */
async function uncoveredLevel() {
  const level = await t.newLevel(unique('L'));
  await hire('Uncovered', { levelId: level.id });
  return level;
}
/** A fresh position of `c`'s job with a factor and an employee on it. */
async function factorCell() {
  const position = await t.newPosition(c.job.id, unique('P'));
  const factor = await wrote('POST', '/api/adjustment-factors', {
    jobId: c.job.id,
    positionId: position.id,
    type: 'PERCENTAGE',
    factor: 0.1,
  });
  await hire('On factor', { specializationId: position.id });
  return { position, id: factor.id };
}
const baseBody = (levelId: number, amount: number) => ({ gradeId: c.grade.id, levelId, amount });
const settingsWith = async (change: (s: Record<string, unknown>) => Record<string, unknown>) =>
  change(await currentSettings(t));

/** Swaps the orders of two rows of a list (grades or levels) through its reorder. */
async function swapped(list: 'grades' | 'levels', a: number, b: number) {
  const rows = (await call<Array<{ id: number; order: number }>>('GET', `/api/${list}`)).envelope.data;
  const order = (id: number) => rows.find((r) => r.id === id)!.order;
  return wrote('POST', `/api/${list}/reorder`, {
    [list]: [
      { id: a, order: order(b) },
      { id: b, order: order(a) },
    ],
  });
}

let gradeOrder = 10_000;

type Ctx = Record<string, number>;
interface Case {
  name: string;
  /** What the write needs, made before the answers are read. */
  setup(): Promise<Ctx>;
  write(ctx: Ctx): Promise<unknown>;
  /** A later write of the same rule: the revert is then refused whole. */
  later(ctx: Ctx): Promise<unknown>;
}

const laterBase = (ctx: Ctx) =>
  wrote('PUT', dated(`/api/base-salary/${ctx.id}`, 5), baseBody(ctx.level!, 3999));
const laterSettings = async () =>
  wrote(
    'PUT',
    dated('/api/settings', 5),
    await settingsWith((s) => ({
      ...s,
      yearsWithCompanyMultiplier: Number(s.yearsWithCompanyMultiplier) + 3,
    })),
  );

const CASES: Case[] = [
  {
    name: "a base salary's change from today",
    setup: () => cell(),
    write: (ctx) => wrote('PUT', `/api/base-salary/${ctx.id}`, baseBody(ctx.level!, 3500)),
    later: laterBase,
  },
  {
    name: "a base salary's change from a past day, with a later change in force and one scheduled, both kept",
    setup: async () => {
      const ctx = await cell();
      await wrote('PUT', dated(`/api/base-salary/${ctx.id}`, -10), baseBody(ctx.level, 3300));
      await wrote('PUT', dated(`/api/base-salary/${ctx.id}`, 30), baseBody(ctx.level, 3700));
      return ctx;
    },
    write: (ctx) => wrote('PUT', dated(`/api/base-salary/${ctx.id}`, -60), baseBody(ctx.level!, 3100)),
    later: laterBase,
  },
  {
    name: "a base salary's change for a day to come",
    setup: () => cell(),
    write: (ctx) => wrote('PUT', dated(`/api/base-salary/${ctx.id}`, 30), baseBody(ctx.level!, 3800)),
    later: laterBase,
  },
  {
    name: "a base salary's change for a day that had one scheduled already (that one comes back)",
    setup: async () => {
      const ctx = await cell();
      await wrote('PUT', dated(`/api/base-salary/${ctx.id}`, 30), baseBody(ctx.level, 3600));
      return ctx;
    },
    write: (ctx) => wrote('PUT', dated(`/api/base-salary/${ctx.id}`, 30), baseBody(ctx.level!, 3900)),
    later: laterBase,
  },
  {
    name: 'a base salary moved to another level from a past day',
    setup: async () => {
      const ctx = await cell();
      const free = await t.newLevel(unique('L'));
      await hire('On free', { levelId: free.id });
      return { ...ctx, free: free.id };
    },
    write: (ctx) => wrote('PUT', dated(`/api/base-salary/${ctx.id}`, -60), baseBody(ctx.free!, 3200)),
    later: (ctx) => wrote('PUT', `/api/base-salary/${ctx.id}`, baseBody(ctx.free!, 3250)),
  },
  {
    name: "an adjustment factor's change of type and value from a past day",
    setup: async () => {
      const { position, id } = await factorCell();
      return { position: position.id, id };
    },
    write: (ctx) =>
      wrote('PUT', dated(`/api/adjustment-factors/${ctx.id}`, -60), {
        jobId: c.job.id,
        positionId: ctx.position,
        type: 'FIXED',
        factor: 250,
      }),
    later: (ctx) =>
      wrote('PUT', dated(`/api/adjustment-factors/${ctx.id}`, 5), {
        jobId: c.job.id,
        positionId: ctx.position,
        type: 'PERCENTAGE',
        factor: 0.2,
      }),
  },
  {
    name: "the settings' change from a past day",
    setup: async () => ({}),
    write: async () => {
      await wrote(
        'PUT',
        dated('/api/settings', -60),
        await settingsWith((s) => ({ ...s, experienceMultiplier: Number(s.experienceMultiplier) + 1 })),
      );
    },
    later: laterSettings,
  },
  {
    name: "the settings' change for a day to come",
    setup: async () => ({}),
    write: async () => {
      await wrote(
        'PUT',
        dated('/api/settings', 30),
        await settingsWith((s) => ({ ...s, experienceMultiplier: Number(s.experienceMultiplier) + 2 })),
      );
    },
    later: laterSettings,
  },
  {
    name: "a base salary's create with no day (it has always been)",
    setup: async () => ({ level: (await uncoveredLevel()).id }),
    write: async (ctx) => {
      ctx.id = (await wrote('POST', '/api/base-salary', baseBody(ctx.level!, 2800))).id;
    },
    later: laterBase,
  },
  {
    name: "a base salary's create from a past day",
    setup: async () => ({ level: (await uncoveredLevel()).id }),
    write: async (ctx) => {
      ctx.id = (await wrote('POST', dated('/api/base-salary', -60), baseBody(ctx.level!, 2900))).id;
    },
    later: laterBase,
  },
  {
    name: "a base salary's delete (it comes back under its id)",
    setup: () => cell(),
    write: (ctx) => wrote('DELETE', `/api/base-salary/${ctx.id}`),
    // Another base salary on the same grade and level: a new row, the same rule.
    later: (ctx) => wrote('POST', '/api/base-salary', baseBody(ctx.level!, 3333)),
  },
  {
    name: "a base salary's delete from a past day",
    setup: () => cell(),
    write: (ctx) => wrote('DELETE', dated(`/api/base-salary/${ctx.id}`, -60)),
    later: (ctx) => wrote('POST', dated('/api/base-salary', -30), baseBody(ctx.level!, 3333)),
  },
  {
    name: "an adjustment factor's create for a day to come",
    setup: async () => {
      const position = await t.newPosition(c.job.id, unique('P'));
      return { position: position.id };
    },
    write: async (ctx) => {
      const body = { jobId: c.job.id, positionId: ctx.position, type: 'FIXED', factor: 120 };
      await wrote('POST', dated('/api/adjustment-factors', 30), body);
    },
    later: (ctx) =>
      wrote('POST', dated('/api/adjustment-factors', 31), {
        jobId: c.job.id,
        positionId: ctx.position,
        type: 'FIXED',
        factor: 130,
      }),
  },
  {
    name: "an adjustment factor's delete from a past day",
    setup: async () => {
      const { position, id } = await factorCell();
      return { position: position.id, id };
    },
    write: (ctx) => wrote('DELETE', dated(`/api/adjustment-factors/${ctx.id}`, -60)),
    later: (ctx) =>
      wrote('POST', '/api/adjustment-factors', {
        jobId: c.job.id,
        positionId: ctx.position,
        type: 'FIXED',
        factor: 10,
      }),
  },
  {
    name: "the base-salary grid's save from a past day: a cell changed, one created, one cleared",
    setup: async () => {
      const changed = await cell(3100);
      const cleared = await cell(3200);
      const created = await uncoveredLevel();
      return { ...changed, cleared: cleared.level, created: created.id };
    },
    write: async (ctx) => {
      await wrote('POST', dated('/api/base-salary/bulk', -60), {
        cells: [
          { gradeId: c.grade.id, levelId: ctx.level, amount: 3150 },
          { gradeId: c.grade.id, levelId: ctx.created, amount: 2500 },
          { gradeId: c.grade.id, levelId: ctx.cleared, amount: null },
        ],
      });
    },
    later: laterBase,
  },
  {
    name: 'a reorder of grades',
    setup: async () => {
      // Orders of their own, clear of the grades made by other cases.
      gradeOrder += 2;
      const low = await wrote('POST', '/api/grades', { name: unique('G'), order: gradeOrder });
      const high = await wrote('POST', '/api/grades', { name: unique('G'), order: gradeOrder + 1 });
      return { low: low.id, high: high.id };
    },
    write: (ctx) => swapped('grades', ctx.low!, ctx.high!),
    later: (ctx) => wrote('PUT', `/api/grades/${ctx.low}`, { name: unique('Renamed') }),
  },
  {
    name: 'a reorder of levels',
    setup: async () => {
      const a = await wrote('POST', '/api/levels', { name: unique('L') });
      const b = await wrote('POST', '/api/levels', { name: unique('L') });
      return { a: a.id, b: b.id };
    },
    write: (ctx) => swapped('levels', ctx.a!, ctx.b!),
    later: (ctx) => wrote('POST', '/api/levels/reorder', { levels: [{ id: ctx.a, order: 5000 + ctx.a! }] }),
  },
];

interface StoredBackPay {
  totals: { gross: number; cost: number };
  employees: Array<{ id: number; gross: number; cost: number }>;
}
const backPayOf = (entry: AuditEntry) => (entry.details as { backPay?: StoredBackPay } | null)?.backPay;
const negated = (n: number) => (n === 0 ? 0 : -n);

describe('Revert of a rule write from its audit entry', () => {
  for (const kind of CASES)
    it(`${kind.name}: every priced answer is what it was before the write, back pay counted back`, async () => {
      const ctx = await kind.setup();
      await openVersions();
      const before = await answers();
      await kind.write(ctx);
      const entry = await newestEntry();
      expect(revertKind(entry)).toBe('revert');
      expect(await answers()).not.toEqual(before);

      const res = await revert(entry.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.envelope.message).toBe('Change reverted');
      expect(res.envelope.data).toMatchObject({ entryId: entry.id, action: 'revert' });
      expect(await answers()).toEqual(before);

      const own = await newestEntry();
      expect(own).toMatchObject({
        id: res.envelope.data.revertId,
        action: 'revert',
        actorEmail: 'admin@example.com',
      });
      expect(own.details).toMatchObject({ revertOf: entry.id });
      // What a past day's write owed is owed back, employee by employee, over the same days.
      const owed = backPayOf(entry);
      const owedBack = backPayOf(own);
      if (owed) {
        expect(owedBack, 'the revert keeps its back pay').toBeDefined();
        expect(owedBack!.totals).toEqual({
          gross: negated(owed.totals.gross),
          cost: negated(owed.totals.cost),
        });
        expect(owedBack!.employees.map((e) => [e.id, e.gross, e.cost]).sort()).toEqual(
          owed.employees.map((e) => [e.id, negated(e.gross), negated(e.cost)]).sort(),
        );
      } else expect(owedBack).toBeUndefined();

      // Reverted once: the revert is a later write of the same rule.
      const again = await revert(entry.id);
      expect(again.statusCode, again.body).toBe(409);
      expect(again.envelope.error).toBe(ENTRY_REVERT_ERRORS.changedSince);
      expect(await answers()).toEqual(before);
    });

  for (const kind of CASES)
    it(`${kind.name}: a later write of the same rule refuses the revert whole, naming it`, async () => {
      const ctx = await kind.setup();
      await kind.write(ctx);
      const entry = await newestEntry();
      await kind.later(ctx);
      const latest = await newestEntry();
      const was = await answers();
      const res = await revert(entry.id);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.envelope.error).toBe(ENTRY_REVERT_ERRORS.changedSince);
      expect(res.envelope.message).toMatch(
        new RegExp(
          `^Cannot revert: .+ was changed after this entry \\(${latest.action} on .+ by admin@example\\.com\\)$`,
        ),
      );
      expect(
        (res.envelope as unknown as { data: { later: Array<{ id: number }> } }).data.later,
      ).toContainEqual(expect.objectContaining({ id: latest.id }));
      expect(await answers()).toEqual(was);
      expect((await newestEntry()).id).toBe(latest.id);
    });
});

describe('A large grid save', () => {
  it('its page carries 50 of its 60 kept versions; the revert puts back all 60', async () => {
    const levels = [];
    for (let i = 0; i < 60; i++) levels.push(await t.newLevel(unique('Wide')));
    await openVersions();
    const before = await answers();
    await wrote('POST', dated('/api/base-salary/bulk', -30), {
      cells: levels.map((l, i) => ({ gradeId: c.grade.id, levelId: l.id, amount: 1000 + i })),
    });
    const entry = await newestEntry();
    const details = entry.details as { ruleVersions: unknown[]; ruleVersionCount: number };
    expect([details.ruleVersions.length, details.ruleVersionCount]).toEqual([50, 60]);
    const res = await revert(entry.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await answers()).toEqual(before);
  });
});

describe('Who may revert, and which entry', () => {
  it('a user with every permission but not an administrator gets 403, and nothing is written', async () => {
    const { id, level } = await cell();
    await wrote('PUT', dated(`/api/base-salary/${id}`, -60), baseBody(level, 3456));
    const entry = await newestEntry();
    const was = await answers();
    const res = await revert(entry.id, userToken);
    expect(res.statusCode, res.body).toBe(403);
    expect(await answers()).toEqual(was);
    expect((await newestEntry()).id).toBe(entry.id);
  });

  it('hostile entry ids are a 400 or 404, never a 500', async () => {
    for (const id of ['0', '-1', String(2 ** 31), 'abc', '1e3', '99999999', '1.5', '%00', ' 1']) {
      const res = await t.call({
        method: 'POST',
        url: `/api/audit/${encodeURIComponent(id)}/revert`,
        token: t.adminToken,
      });
      expect([400, 404], `${id}: ${res.body}`).toContain(res.statusCode);
    }
  });

  it('a scheduled change applied or cancelled is not offered, and the server refuses it as not revertable', async () => {
    const { id, level } = await cell();
    await wrote('PUT', dated(`/api/base-salary/${id}`, 30), baseBody(level, 3010));
    const scheduled = (await call<Array<{ id: number; kind: string }>>('GET', '/api/scheduled-changes'))
      .envelope.data;
    const mine = scheduled.filter((s) => s.kind === 'baseSalary').at(-1)!;
    await wrote('DELETE', `/api/scheduled-changes/${mine.id}`);
    const cancelled = await newestEntry();
    expect(cancelled.details).toMatchObject({ scheduledChangeCancelled: on(30) });
    expect(revertKind(cancelled)).toBeNull();
    const res = await revert(cancelled.id);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.envelope.error).toBe(ENTRY_REVERT_ERRORS.notRevertable);
  });
});

describe('A scheduled change whose day has come', () => {
  it('reverted once in force: the rule is as before, today and from its day, with no version of it left', async () => {
    const { level, id } = await cell();
    const versionsOf = async () =>
      (
        (await t.database.db.execute(sql`
          select effective_from::text as day, value, applied, recorded_by from rule_versions
          where level_id = ${level} order by effective_from`)) as unknown as { rows: unknown[] }
      ).rows;
    const amount = async () =>
      (await call<Array<{ id: number; amount: number }>>('GET', '/api/base-salary')).envelope.data.find(
        (b) => b.id === id,
      )?.amount;
    // Its day is tomorrow where the company is, and today once it is on the other side of the date line.
    await setTimeZone(t, 'Pacific/Pago_Pago');
    const day = todayIn('Pacific/Kiritimati');
    await openVersions();
    const before = await versionsOf();
    await wrote('PUT', `/api/base-salary/${id}?effectiveFrom=${day}`, baseBody(level, 3999));
    const entry = await newestEntry();
    expect(await amount()).toBe(3000);
    await setTimeZone(t, 'Pacific/Kiritimati');
    expect(await amount()).toBe(3999);
    expect((await newestEntry()).details).toMatchObject({ scheduledChangeApplied: day });

    const res = await revert(entry.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await amount()).toBe(3000);
    expect(await versionsOf()).toEqual(before);
    await setTimeZone(t, 'UTC');
  });
});

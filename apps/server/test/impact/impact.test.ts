import { asCents, fromCents, sumCents, toCents } from '@salary/shared/common/money';
import type { Impact } from '@salary/shared/impact/impact.contract';
import type { Settings } from '@salary/shared/settings/settings.contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import { keysOf } from '../support/json-keys.ts';
import { snapshot, snapshotTables } from '../support/snapshot.ts';

/*
 * POST /api/impact runs a rule write for real in a transaction that always rolls back and
 * prices everyone before and after. What a user would notice: the figures do not match
 * what the list shows once the change is saved; a preview saves something; a preview
 * shows pay to someone who may not see it, or lets through what the write would refuse.
 */

type ValueOf<A> = A extends fc.Arbitrary<infer C> ? C : never;

let t: TestContext;
interface Company {
  jobs: { id: number; positions: number[] }[];
  grades: number[];
  levels: number[];
}
let company: Company;

interface ListRow {
  id: number;
  calculatedSalary?: number | null;
  accumulatedCost?: number | null;
}

beforeAll(async () => {
  t = await buildTestApp();
  // A small random company, the same every run (seeded).
  const rand = fc.sample(fc.integer({ min: 0, max: 1_000_000 }), { seed: 16, numRuns: 200 });
  let r = 0;
  const pick = (n: number) => rand[r++ % rand.length]! % n;
  const jobs: Company['jobs'] = [];
  for (let j = 0; j < 3; j++) {
    const job = await t.newJob();
    const positions = [(await t.newPosition(job.id)).id, (await t.newPosition(job.id)).id];
    jobs.push({ id: job.id, positions });
  }
  const grades = [];
  const levels = [];
  for (let g = 0; g < 3; g++) grades.push((await t.newGrade()).id);
  for (let l = 0; l < 2; l++) levels.push((await t.newLevel()).id);
  // Most pairs have a base salary; one does not (its employees show a dash).
  for (const g of grades)
    for (const l of levels)
      if (!(g === grades[2] && l === levels[1])) await t.newBaseSalary(g, l, 3000 + pick(4000));
  await t.newFactor(jobs[0]!.id, jobs[0]!.positions[0]!, 'PERCENTAGE', 0.1);
  for (let i = 0; i < 24; i++) {
    const job = jobs[pick(jobs.length)]!;
    await t.newEmployee({
      jobId: job.id,
      positionId: job.positions[pick(2)]!,
      gradeId: grades[pick(grades.length)]!,
      levelId: levels[pick(levels.length)]!,
      yearsExperience: pick(12),
      yearsWithCompany: pick(8),
      offshoreProject: pick(2) === 1,
      remote: pick(3) === 0,
    });
  }
  company = { jobs, grades, levels };
});
afterAll(async () => t.close());

const preview = (payload: object, token = t.adminToken) =>
  t.call<Impact>({ method: 'POST', url: '/api/impact', token, payload });

async function currentSettings(): Promise<Settings> {
  const res = await t.callAsAdmin<Settings>({ method: 'GET', url: '/api/settings' });
  return res.envelope.data;
}

const settingsBody = (current: Settings, changes: Partial<Settings>) => {
  const { updatedAt: _u, ...rest } = { ...current, ...changes };
  return rest;
};

async function listSums(): Promise<{ rows: ListRow[]; gross: number; cost: number }> {
  const res = await t.callAsAdmin<ListRow[]>({ method: 'GET', url: '/api/employees' });
  expect(res.statusCode).toBe(200);
  const rows = res.envelope.data;
  const total = (pick: (e: ListRow) => number | null | undefined) =>
    fromCents(sumCents(rows.map((e) => toCents(pick(e) ?? 0))));
  return {
    rows,
    gross: total((e) => e.calculatedSalary),
    cost: total((e) => e.accumulatedCost),
  };
}

async function idOf(url: string): Promise<number> {
  const res = await t.callAsAdmin<{ id: number }[]>({ method: 'GET', url: `/api${url}` });
  return res.envelope.data[0]!.id;
}

describe('POST /api/impact', () => {
  it('answers a multiplier change: affected employees, totals, splits and the largest changes', async () => {
    const current = await currentSettings();
    const res = await preview({
      method: 'PUT',
      path: '/settings',
      body: settingsBody(current, { experienceMultiplier: current.experienceMultiplier + 1 }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const impact = res.envelope.data;
    const list = await listSums();
    const withExperience = list.rows.length; // every employee is priced
    expect(impact.employees).toBe(withExperience);
    expect(impact.employeesAffected).toBeGreaterThan(0);
    expect(impact.totals.grossBefore).toBe(list.gross);
    expect(impact.totals.costBefore).toBe(list.cost);
    expect(impact.totals.grossDelta!).toBeGreaterThan(0);
    expect(impact.totals.grossDeltaPercent!).toBeCloseTo((impact.totals.grossDelta! / list.gross) * 100, 1);
    // The splits add up to the totals.
    for (const split of [impact.byJob, impact.byGrade]) {
      expect(split.reduce((s, g) => s + g.employees, 0)).toBe(impact.employees);
      expect(split.reduce((s, g) => s + g.affected, 0)).toBe(impact.employeesAffected);
      expect(sumCents(split.map((g) => toCents(g.grossDelta!)))).toBe(toCents(impact.totals.grossDelta!));
    }
    // Largest change first.
    const deltas = impact.changes.map((c) => Math.abs((c.grossAfter ?? 0) - (c.grossBefore ?? 0)));
    expect(deltas).toEqual([...deltas].sort((a, b) => b - a));
    expect(impact.changes.length).toBe(Math.min(50, impact.employeesAffected));
  });

  it('says when nobody is affected', async () => {
    const current = await currentSettings();
    const res = await preview({ method: 'PUT', path: '/settings', body: settingsBody(current, {}) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.data.employeesAffected).toBe(0);
    expect(res.envelope.data.totals.grossDelta).toBe(0);
    expect(res.envelope.data.changes).toEqual([]);
  });

  it('writes nothing — no rule, no audit entry, no pay history — for every kind of rule write', async () => {
    expect(await snapshotTables(t.app.db)).toEqual(
      expect.arrayContaining(['audit_entries', 'pay_history', 'settings', 'base_salaries', 'employees']),
    );
    const current = await currentSettings();
    const baseSalaryId = await idOf('/base-salary');
    const factorId = await idOf('/adjustment-factors');
    const job = company.jobs[1]!;
    const writes = [
      {
        method: 'POST',
        path: '/base-salary',
        body: { gradeId: company.grades[2], levelId: company.levels[1], amount: 4200 },
      },
      {
        method: 'PUT',
        path: `/base-salary/${baseSalaryId}`,
        body: { gradeId: company.grades[0], levelId: company.levels[0], amount: 9999 },
      },
      { method: 'DELETE', path: `/base-salary/${baseSalaryId}` },
      {
        method: 'POST',
        path: '/adjustment-factors',
        body: { jobId: job.id, positionId: job.positions[1], factor: 250, type: 'FIXED' },
      },
      {
        method: 'PUT',
        path: `/adjustment-factors/${factorId}`,
        body: {
          jobId: company.jobs[0]!.id,
          positionId: company.jobs[0]!.positions[0],
          factor: -0.2,
          type: 'PERCENTAGE',
        },
      },
      { method: 'DELETE', path: `/adjustment-factors/${factorId}` },
      {
        method: 'PUT',
        path: '/settings',
        body: settingsBody(current, {
          pillarMultiplier: 7,
          benefits: [{ name: 'Gym', amount: 50, type: 'FIXED_AMOUNT' }],
          customMultipliers: [{ id: 'tmp-1', title: 'Night shift', multiplier: 3, type: 'PERCENTAGE' }],
          socialInsuranceType: 'COMPANY_PERCENTAGE',
          companyInsurancePercentage: 60,
        }),
      },
    ];
    for (const write of writes) {
      const before = await snapshot(t.app.db);
      const res = await preview(write);
      expect(res.statusCode, `${write.method} ${write.path}: ${res.body}`).toBe(200);
      expect(res.envelope.data.employeesAffected, `${write.method} ${write.path}`).toBeGreaterThan(0);
      expect(await snapshot(t.app.db), `${write.method} ${write.path}`).toBe(before);
    }
  });

  it('refuses what the write itself would refuse, with the same status and envelope', async () => {
    const current = await currentSettings();
    const baseSalaryId = await idOf('/base-salary');
    const cases = [
      {
        method: 'POST',
        path: '/base-salary',
        body: { gradeId: company.grades[0], levelId: company.levels[0] },
      },
      {
        method: 'POST',
        path: '/base-salary',
        body: { gradeId: company.grades[0], levelId: company.levels[0], amount: 1 },
      },
      { method: 'PUT', path: `/base-salary/${baseSalaryId}`, body: { gradeId: 1, levelId: 1, amount: -5 } },
      { method: 'DELETE', path: '/base-salary/999999' },
      { method: 'PUT', path: '/settings', body: settingsBody(current, { version: current.version - 1 }) },
      { method: 'PUT', path: '/settings', body: settingsBody(current, { experienceMultiplier: 500 }) },
      { method: 'PUT', path: '/settings', body: { ...settingsBody(current, {}), benefits: '[not json' } },
      {
        method: 'POST',
        path: '/adjustment-factors',
        body: { jobId: 1, positionId: 1, factor: 'x', type: 'FIXED' },
      },
    ];
    for (const write of cases) {
      const real = await t.callAsAdmin({ method: 'POST', url: '/api/impact', payload: write });
      const before = await snapshot(t.app.db);
      const direct = await t.callAsAdmin({
        method: write.method as 'POST',
        url: `/api${write.path}`,
        ...(write.body ? { payload: write.body } : {}),
      });
      expect(direct.statusCode, `${write.method} ${write.path}`).toBeGreaterThanOrEqual(400);
      expect(real.statusCode, `${write.method} ${write.path}`).toBe(direct.statusCode);
      expect(real.envelope).toEqual(direct.envelope);
      expect(await snapshot(t.app.db)).toBe(before);
    }
  });

  it('refuses a writer without manageSettings exactly as the write does, and previews nothing but rule writes', async () => {
    const viewer = await t.createUser({ showSettings: true, showSalary: true, showCost: true });
    const current = await currentSettings();
    const write = { method: 'PUT', path: '/settings', body: settingsBody(current, { remoteMultiplier: 9 }) };
    const res = await preview(write, viewer.token);
    const direct = await t.call({
      method: 'PUT',
      url: '/api/settings',
      token: viewer.token,
      payload: write.body,
    });
    expect(direct.statusCode).toBe(403);
    expect(res.statusCode).toBe(403);
    expect(res.envelope).toEqual(direct.envelope);

    for (const other of [
      { method: 'POST', path: '/jobs', body: { name: 'X' } },
      { method: 'DELETE', path: '/employees/1' },
      { method: 'POST', path: '/auth/users', body: {} },
      { method: 'PUT', path: '/settings/../auth/users' },
      { method: 'PUT', path: '/settings?x=1' },
      { method: 'GET', path: '/settings' },
      { method: 'PATCH', path: '/settings' },
    ]) {
      const refused = await preview(other);
      expect(refused.statusCode, other.path).toBe(400);
      expect(refused.envelope.success).toBe(false);
    }
    const anonymous = await t.call({ method: 'POST', url: '/api/impact', payload: write });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows gross only with showSalary and cost only with showCost, for every permission set', async () => {
    const current = await currentSettings();
    const write = {
      method: 'PUT',
      path: '/settings',
      body: settingsBody(current, { experienceMultiplier: current.experienceMultiplier + 2 }),
    };
    const admin = (await preview(write)).envelope.data;
    for (const showSalary of [false, true])
      for (const showCost of [false, true]) {
        const user = await t.createUser({ manageSettings: true, showSalary, showCost });
        const res = await preview(write, user.token);
        expect(res.statusCode, res.body).toBe(200);
        const impact = res.envelope.data;
        const keys = [...keysOf(impact)];
        expect(
          keys.some((k) => k.startsWith('gross')),
          `salary ${showSalary}`,
        ).toBe(showSalary);
        expect(
          keys.some((k) => k.startsWith('cost')),
          `cost ${showCost}`,
        ).toBe(showCost);
        expect(impact.showSalary).toBe(showSalary);
        expect(impact.showCost).toBe(showCost);
        expect(impact.employeesAffected).toBe(admin.employeesAffected);
        if (showSalary) expect(impact.totals.grossDelta).toBe(admin.totals.grossDelta);
        if (showCost) expect(impact.totals.costDelta).toBe(admin.totals.costDelta);
        // Without any figure the order says nothing about pay: by id.
        if (!showSalary && !showCost) {
          const ids = impact.changes.map((c) => c.id);
          expect(ids).toEqual([...ids].sort((a, b) => a - b));
        }
      }
  });

  it('previews exactly what saving does (property: random rule changes on this company)', async () => {
    const anyJob = fc.constantFrom(...company.jobs);
    const change = fc.oneof(
      fc.record({
        kind: fc.constant('settings' as const),
        experienceMultiplier: fc.integer({ min: -5, max: 20 }),
        offshoreMultiplier: fc.integer({ min: 0, max: 500 }),
        offshoreMultiplierType: fc.constantFrom('PERCENTAGE' as const, 'FIXED' as const),
        benefit: fc.option(fc.integer({ min: 0, max: 300 })),
        insurance: fc.constantFrom(
          'COMPANY_FULL' as const,
          'COMPANY_PERCENTAGE' as const,
          'EMPLOYEE_FULL' as const,
        ),
        enabled: fc.boolean(),
        total: fc.integer({ min: 0, max: 30 }),
      }),
      fc.record({
        kind: fc.constant('baseSalary' as const),
        grade: fc.constantFrom(...company.grades),
        level: fc.constantFrom(...company.levels),
        amount: fc.integer({ min: 100_00, max: 900_000 }).map((c) => c / 100),
        remove: fc.boolean(),
      }),
      fc.record({
        kind: fc.constant('factor' as const),
        job: anyJob,
        position: fc.integer({ min: 0, max: 1 }),
        factor: fc.integer({ min: -50, max: 50 }),
        type: fc.constantFrom('PERCENTAGE' as const, 'FIXED' as const),
        remove: fc.boolean(),
      }),
    );

    const toWrite = async (c: ValueOf<typeof change>) => {
      if (c.kind === 'settings') {
        const current = await currentSettings();
        return {
          method: 'PUT',
          path: '/settings',
          body: settingsBody(current, {
            experienceMultiplier: c.experienceMultiplier,
            offshoreMultiplier:
              c.offshoreMultiplierType === 'PERCENTAGE' ? c.offshoreMultiplier / 10 : c.offshoreMultiplier,
            offshoreMultiplierType: c.offshoreMultiplierType,
            benefits: c.benefit === null ? [] : [{ name: 'Meal', amount: c.benefit, type: 'FIXED_AMOUNT' }],
            socialInsuranceEnabled: c.enabled,
            socialInsuranceType: c.insurance,
            companyInsurancePercentage: 40,
            totalInsurancePercentage: c.total,
          }),
        };
      }
      if (c.kind === 'baseSalary') {
        const rows = (
          await t.callAsAdmin<{ id: number; gradeId: number; levelId: number }[]>({
            method: 'GET',
            url: '/api/base-salary',
          })
        ).envelope.data;
        const found = rows.find((b) => b.gradeId === c.grade && b.levelId === c.level);
        if (!found)
          return {
            method: 'POST',
            path: '/base-salary',
            body: { gradeId: c.grade, levelId: c.level, amount: c.amount },
          };
        if (c.remove) return { method: 'DELETE', path: `/base-salary/${found.id}` };
        return {
          method: 'PUT',
          path: `/base-salary/${found.id}`,
          body: { gradeId: c.grade, levelId: c.level, amount: c.amount },
        };
      }
      const positionId = c.job.positions[c.position]!;
      const rows = (
        await t.callAsAdmin<{ id: number; jobId: number; positionId: number }[]>({
          method: 'GET',
          url: '/api/adjustment-factors',
        })
      ).envelope.data;
      const found = rows.find((f) => f.jobId === c.job.id && f.positionId === positionId);
      const body = {
        jobId: c.job.id,
        positionId,
        factor: c.type === 'PERCENTAGE' ? c.factor / 100 : c.factor * 10,
        type: c.type,
      };
      if (!found) return { method: 'POST', path: '/adjustment-factors', body };
      if (c.remove) return { method: 'DELETE', path: `/adjustment-factors/${found.id}` };
      return { method: 'PUT', path: `/adjustment-factors/${found.id}`, body };
    };

    await fc.assert(
      fc.asyncProperty(change, async (c) => {
        const write = await toWrite(c);
        const before = await listSums();
        const res = await preview(write);
        expect(res.statusCode, res.body).toBe(200);
        const impact = res.envelope.data;
        const saved = await t.callAsAdmin({
          method: write.method as 'PUT',
          url: `/api${write.path}`,
          ...('body' in write ? { payload: write.body } : {}),
        });
        expect(saved.statusCode, saved.body).toBeLessThan(300);
        const after = await listSums();
        expect(impact.totals.grossBefore).toBe(before.gross);
        expect(impact.totals.costBefore).toBe(before.cost);
        expect(impact.totals.grossAfter).toBe(after.gross);
        expect(impact.totals.costAfter).toBe(after.cost);
        expect(impact.totals.grossDelta).toBe(
          fromCents(asCents(toCents(after.gross) - toCents(before.gross))),
        );
        const was = new Map(before.rows.map((r) => [r.id, r]));
        const affected = after.rows.filter(
          (r) =>
            was.get(r.id)?.calculatedSalary !== r.calculatedSalary ||
            was.get(r.id)?.accumulatedCost !== r.accumulatedCost,
        );
        expect(impact.employeesAffected).toBe(affected.length);
        for (const shown of impact.changes) {
          const row = after.rows.find((r) => r.id === shown.id)!;
          expect(shown.grossAfter ?? null).toBe(row.calculatedSalary ?? null);
          expect(shown.costAfter ?? null).toBe(row.accumulatedCost ?? null);
          expect(shown.grossBefore ?? null).toBe(was.get(shown.id)?.calculatedSalary ?? null);
        }
      }),
      { numRuns: 25, seed: 1616 },
    );
  });
});

import type { AuditPage, PayHistoryRow } from '@salary/shared/audit/audit.contract';
import type { CalculationResult } from '@salary/shared/calculator/calculator.contract';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFormFor } from '../support/employee-forms.ts';
import type { Company } from '../support/factories.ts';
import { ADMIN, ALL_PERMISSIONS, buildTestApp, type TestContext } from '../support/helper.ts';

/*
 * Pay history through the real routes: each figure equals what /api/calculate answers for
 * the same profile at that time; only employees whose figures moved get a row; a deleted
 * employee keeps its history; who may read which figure is generated over permission sets.
 */

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const history = async (id: number, token?: string) =>
  t.callAsAdmin<PayHistoryRow[]>({
    method: 'GET',
    url: `/api/employees/${id}/history`,
    ...(token ? { token } : {}),
  });

interface Profile {
  technologyId: number;
  specializationId: number;
  gradeId: number;
  levelId: number;
  yearsExperience: number;
  yearsWithCompany: number;
}

async function calculated(p: Profile) {
  const res = await t.callAsAdmin<CalculationResult>({
    method: 'POST',
    url: '/api/calculate',
    payload: {
      jobId: p.technologyId,
      positionId: p.specializationId,
      gradeId: p.gradeId,
      levelId: p.levelId,
      yearsExperience: p.yearsExperience,
      yearsWithCompany: p.yearsWithCompany,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { gross: res.envelope.data.details.grossSalary, cost: res.envelope.data.details.totalCost };
}

async function createEmployee(c: Company, name: string): Promise<Profile & { id: number }> {
  const profile = addFormFor(c, { name, yearsExperience: 4, yearsWithCompany: 2 });
  const res = await t.callAsAdmin<EmployeeView>({ method: 'POST', url: '/api/employees', payload: profile });
  expect(res.statusCode, res.body).toBe(201);
  return { ...profile, id: res.envelope.data.id };
}

describe('pay history', () => {
  it('starts with a first row, follows a base-salary change, and equals /api/calculate each time', async () => {
    const c = await t.newCompany(3000);
    const e = await createEmployee(c, 'Hist One');
    const first = await calculated(e);

    let rows = (await history(e.id)).envelope.data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      grossBefore: null,
      grossAfter: first.gross,
      costBefore: null,
      costAfter: first.cost,
    });
    expect(rows[0]!.cause).toBe(`Employee Hist One created by ${ADMIN.email}`);

    const put = await t.callAsAdmin({
      method: 'PUT',
      url: `/api/base-salary/${c.baseSalary.id}`,
      payload: { gradeId: c.grade.id, levelId: c.level.id, amount: 4500 },
    });
    expect(put.statusCode, put.body).toBe(200);
    const second = await calculated(e);
    expect(second.gross).toBeGreaterThan(first.gross);

    rows = (await history(e.id)).envelope.data;
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      grossBefore: first.gross,
      grossAfter: second.gross,
      costBefore: first.cost,
      costAfter: second.cost,
    });
    expect(rows[1]!.cause).toBe(
      `Base salary ${c.grade.name} / ${c.level.name}: $3,000.00 → $4,500.00 by ${ADMIN.email}`,
    );
  });

  it('writes rows only for employees whose figures moved', async () => {
    const c = await t.newCompany(3000);
    const moved = await createEmployee(c, 'Moved');
    const other = await t.newCompany(3000);
    const still = await createEmployee(other, 'Still');
    const put = await t.callAsAdmin({
      method: 'PUT',
      url: `/api/base-salary/${c.baseSalary.id}`,
      payload: { gradeId: c.grade.id, levelId: c.level.id, amount: 3100 },
    });
    expect(put.statusCode).toBe(200);
    expect((await history(moved.id)).envelope.data).toHaveLength(2);
    expect((await history(still.id)).envelope.data).toHaveLength(1);

    // A rename moves nobody's pay.
    await t.callAsAdmin({
      method: 'PUT',
      url: `/api/jobs/${c.job.id}`,
      payload: { name: `${c.job.name} renamed` },
    });
    expect((await history(moved.id)).envelope.data).toHaveLength(2);
  });

  it('follows a settings change for everyone, with the figures /api/calculate answers after it', async () => {
    const c = await t.newCompany(2000);
    const e = await createEmployee(c, 'Settings Moved');
    const current = (await t.callAsAdmin<Record<string, unknown>>({ method: 'GET', url: '/api/settings' }))
      .envelope.data;
    const { updatedAt: _u, ...body } = current;
    const res = await t.callAsAdmin({
      method: 'PUT',
      url: '/api/settings',
      payload: { ...body, experienceMultiplier: Number(body.experienceMultiplier) + 0.05 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await calculated(e);
    const rows = (await history(e.id)).envelope.data;
    expect(rows.at(-1)).toMatchObject({ grossAfter: after.gross, costAfter: after.cost });
    expect(rows.at(-1)!.cause).toMatch(/^Settings: Experience multiplier: /);
  });

  it('keeps the history of a deleted employee', async () => {
    const c = await t.newCompany(3000);
    const e = await createEmployee(c, 'Gone Soon');
    expect((await t.callAsAdmin({ method: 'DELETE', url: `/api/employees/${e.id}` })).statusCode).toBe(200);
    const res = await history(e.id);
    expect(res.statusCode).toBe(200);
    expect(res.envelope.data).toHaveLength(1);
    expect((await history(987_654)).statusCode).toBe(404);
  });

  it('an edit that moves nothing writes no row; one that moves pay does', async () => {
    const c = await t.newCompany(3000);
    const e = await createEmployee(c, 'Editable');
    const { id, ...form } = e;
    await t.callAsAdmin({
      method: 'PUT',
      url: `/api/employees/${id}`,
      payload: { ...form, name: 'Edited Name' },
    });
    expect((await history(id)).envelope.data).toHaveLength(1);
    await t.callAsAdmin({
      method: 'PUT',
      url: `/api/employees/${id}`,
      payload: { ...form, name: 'Edited Name', yearsExperience: 9 },
    });
    const rows = (await history(id)).envelope.data;
    expect(rows).toHaveLength(2);
    expect(rows[1]!.cause).toBe(`Employee Edited Name: Years of Experience: 4 → 9 by ${ADMIN.email}`);
    expect(rows[1]!.grossAfter).toBe((await calculated({ ...form, yearsExperience: 9 })).gross);
  });

  it('shows gross only with showSalary and cost only with showCost, over every permission set', {
    timeout: 180_000,
  }, async () => {
    const c = await t.newCompany(3000);
    const e = await createEmployee(c, 'Private Pay');
    const full = (await history(e.id)).envelope.data;
    const keys = ['showSalary', 'showCost', 'manageEmployee', 'showSettings'] as const;
    // Every combination of the two figures' permissions with two others.
    for (let mask = 0; mask < 16; mask++) {
      const permissions = Object.fromEntries(keys.map((k, i) => [k, Boolean(mask & (1 << i))])) as Record<
        (typeof keys)[number],
        boolean
      >;
      const { token } = await t.createUser(permissions);
      const res = await history(e.id, token);
      const label = JSON.stringify(permissions);
      if (!permissions.showSalary && !permissions.showCost) {
        expect(res.statusCode, label).toBe(403);
        expect(res.body, label).not.toContain(String(full[0]!.grossAfter));
        continue;
      }
      expect(res.statusCode, label).toBe(200);
      for (const [i, row] of res.envelope.data.entries()) {
        expect('grossAfter' in row, label).toBe(Boolean(permissions.showSalary));
        expect('grossBefore' in row, label).toBe(Boolean(permissions.showSalary));
        expect('costAfter' in row, label).toBe(Boolean(permissions.showCost));
        expect('costBefore' in row, label).toBe(Boolean(permissions.showCost));
        if (permissions.showSalary) expect(row.grossAfter).toBe(full[i]!.grossAfter);
        if (permissions.showCost) expect(row.costAfter).toBe(full[i]!.costAfter);
        // The hidden figure does not leak through the cause either.
        if (!permissions.showCost && full[i]!.costAfter != null)
          expect(JSON.stringify(row)).not.toContain(String(full[i]!.costAfter));
      }
    }
  });
});

describe('GET /api/audit', () => {
  it('is for administrators only', async () => {
    const { token } = await t.createUser(ALL_PERMISSIONS);
    const res = await t.callAsAdmin({ method: 'GET', url: '/api/audit', token });
    expect(res.statusCode).toBe(403);
  });

  it('filters by entity and actor and pages newest first with a keyset cursor', async () => {
    const c = await t.newCompany(1000);
    await t.newEmployees({ jobId: c.job.id, positionId: c.position.id }, 1);
    for (const amount of [1100, 1200, 1300, 1400, 1500]) {
      const r = await t.callAsAdmin({
        method: 'PUT',
        url: `/api/base-salary/${c.baseSalary.id}`,
        payload: { gradeId: c.grade.id, levelId: c.level.id, amount },
      });
      expect(r.statusCode).toBe(200);
    }
    const page = (before?: number) =>
      t.callAsAdmin<AuditPage>({
        method: 'GET',
        url: `/api/audit?entityType=baseSalary&entityId=${c.baseSalary.id}&actor=${ADMIN.email}&limit=2${before ? `&before=${before}` : ''}`,
      });
    const seen: number[] = [];
    let cursor: number | undefined;
    for (;;) {
      const res = await page(cursor);
      expect(res.statusCode, res.body).toBe(200);
      for (const e of res.envelope.data.entries) {
        expect(e.entityType).toBe('baseSalary');
        seen.push(Number((e.changes.find((ch) => ch.field === 'amount')?.after as number) ?? 0));
      }
      if (res.envelope.data.nextCursor === null) break;
      cursor = res.envelope.data.nextCursor;
    }
    expect(seen).toEqual([1500, 1400, 1300, 1200, 1100]);

    const nobody = await t.callAsAdmin<AuditPage>({
      method: 'GET',
      url: '/api/audit?actor=nobody@example.com',
    });
    expect(nobody.envelope.data.entries).toEqual([]);
    const future = await t.callAsAdmin<AuditPage>({ method: 'GET', url: '/api/audit?from=2999-01-01' });
    expect(future.envelope.data.entries).toEqual([]);
    const bad = await t.callAsAdmin({ method: 'GET', url: '/api/audit?from=not-a-date' });
    expect(bad.statusCode).toBe(400);
  });
});

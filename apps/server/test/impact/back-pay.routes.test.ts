import type { AuditPage } from '@salary/shared/audit/audit.contract';
import { todayIn } from '@salary/shared/common/calendar-day';
import { asCents, fromCents, toCents } from '@salary/shared/common/money';
import type { UpdatedEmployee } from '@salary/shared/employees/dated.contract';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { BACK_PAY_FILE_NAME, type Impact } from '@salary/shared/impact/impact.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredBackPay } from '../../src/modules/impact/back-pay.service.ts';
import { sheetTexts } from '../excel/excel-files.ts';
import { owedFor, plusDays } from '../support/days.ts';
import { versionedFormOf } from '../support/employee-forms.ts';
import type { Company } from '../support/factories.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';

/*
 * Back pay on the wire: the impact preview of a rule write dated in the past answers what it
 * owes (gross only to who may see salaries, cost only to who may see costs), an employee's
 * change dated in the past answers it and keeps it in its audit entry, and the entry's
 * download lists it per employee with a total row.
 */

let t: TestContext;
let c: Company;
let today: string;

beforeAll(async () => {
  t = await buildTestApp();
  today = todayIn('UTC');
  c = await t.newCompany(4000);
  await t.setSettings({ remoteMultiplier: 5 });
  // No hire or career dates: each figure is the same on every day of the period.
  for (let i = 0; i < 3; i++) await t.newEmployeeOf(c, { name: `Worker ${i}`, yearsExperience: i });
});
afterAll(async () => t.close());

describe('POST /api/impact with a past effectiveFrom', () => {
  const from = () => plusDays(today, -40);
  const write = () => ({
    method: 'PUT',
    path: `/base-salary/${c.baseSalary.id}?effectiveFrom=${from()}`,
    body: { gradeId: c.grade.id, levelId: c.level.id, amount: 4300 },
  });
  /** The impact preview of `write` (by default the raise from 40 days ago) as `token`'s user. */
  const preview = (payload: object = write(), token = t.adminToken) =>
    t.call<Impact>({ method: 'POST', url: '/api/impact', token, payload });

  it('answers the back pay owed since that day, per employee and in total, and saves nothing', async () => {
    const res = await preview();
    expect(res.statusCode, res.body).toBe(200);
    const { backPay, changes } = res.envelope.data;
    expect(backPay).toBeDefined();
    expect(backPay!.from).toBe(from());
    expect(backPay!.to).toBe(plusDays(today, -1));
    expect(backPay!.employeeCount).toBe(3);
    for (const e of backPay!.employees) {
      const change = changes.find((x) => x.id === e.id)!;
      const monthly = toCents(change.grossAfter ?? 0) - toCents(change.grossBefore ?? 0);
      expect(e.gross).toBe(owedFor(monthly, from(), today));
      expect(e.cost).toBeGreaterThan(e.gross!);
    }
    const sum = backPay!.employees.reduce((s, e) => s + toCents(e.gross!), 0);
    expect(backPay!.totals.gross).toBe(fromCents(asCents(sum)));
    // Nothing saved: the base salary is what it was.
    const list = await t.callAsAdmin<{ id: number; amount: number }[]>({
      method: 'GET',
      url: '/api/base-salary',
    });
    expect(list.envelope.data.find((b) => b.id === c.baseSalary.id)!.amount).toBe(4000);
  });

  it('shows no gross to a viewer without showSalary, and no back pay for a write dated today', async () => {
    const viewer = await t.createUser({ manageSettings: true, showSalary: false, showCost: true });
    const res = await preview(write(), viewer.token);
    expect(res.statusCode, res.body).toBe(200);
    const { backPay } = res.envelope.data;
    expect(Object.keys(backPay!.totals)).toEqual(['cost']);
    for (const e of backPay!.employees) expect(Object.keys(e).sort()).toEqual(['cost', 'id', 'name']);
    expect(JSON.stringify(backPay)).not.toContain('gross');

    const plain = await preview({
      ...write(),
      path: `/base-salary/${c.baseSalary.id}?effectiveFrom=${today}`,
    });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.envelope.data.backPay).toBeUndefined();
  });

  it('refuses a day that does not exist, naming it', async () => {
    const res = await preview({
      ...write(),
      path: `/base-salary/${c.baseSalary.id}?effectiveFrom=2024-02-30`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.envelope.message).toMatch(/Effective From/);
  });
});

describe('an employee change dated in the past', () => {
  it('answers its back pay, keeps it in the audit entry, and downloads it with a total row', async () => {
    const list = await t.callAsAdmin<EmployeeView[]>({ method: 'GET', url: '/api/employees' });
    const worker = list.envelope.data.find((e) => e.name === 'Worker 1')!;
    const from = plusDays(today, -35);
    const res = await t.callAsAdmin<UpdatedEmployee>({
      method: 'PUT',
      url: `/api/employees/${worker.id}?effectiveFrom=${from}`,
      payload: versionedFormOf(worker, { remote: true }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.envelope.data;
    const monthly = toCents(after.calculatedSalary ?? 0) - toCents(worker.calculatedSalary ?? 0);
    expect(monthly).toBeGreaterThan(0);
    expect(after.backPay?.totals.gross).toBe(owedFor(monthly, from, today));

    const audit = await t.callAsAdmin<AuditPage>({
      method: 'GET',
      url: `/api/audit?entityType=employee&entityId=${worker.id}`,
    });
    const entry = audit.envelope.data.entries[0]!;
    expect((entry.details as { backPay: { totals: unknown } }).backPay.totals).toEqual(after.backPay!.totals);

    const file = await t.app.inject({
      method: 'GET',
      url: `/api/audit/${entry.id}/back-pay.xlsx`,
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(BACK_PAY_FILE_NAME);
    const rows = await sheetTexts(file.rawPayload);
    expect(rows[0]).toEqual(['Name', 'Job', 'Grade', 'Gross back pay', 'Total cost back pay']);
    expect(rows[1]!.slice(0, 4)).toEqual([
      'Worker 1',
      c.job.name,
      c.grade.name,
      String(after.backPay!.totals.gross),
    ]);
    expect(rows[2]![0]).toBe(`Total (${from} to ${plusDays(today, -1)})`);
    expect(rows[2]![3]).toBe(String(after.backPay!.totals.gross));
    expect(rows[2]![4]).toBe(String(after.backPay!.totals.cost));
    expect(rows).toHaveLength(3);
  });

  it('404s for an entry without back pay and refuses who may not read the audit log', async () => {
    const withoutBackPay = (
      await t.callAsAdmin<AuditPage>({ method: 'GET', url: '/api/audit' })
    ).envelope.data.entries.find((e) => !(e.details as { backPay?: unknown } | null)?.backPay)!;
    const missing = await t.callAsAdmin({
      method: 'GET',
      url: `/api/audit/${withoutBackPay.id}/back-pay.xlsx`,
    });
    expect(missing.statusCode).toBe(404);
    const withBackPay = (
      await t.callAsAdmin<AuditPage>({ method: 'GET', url: '/api/audit' })
    ).envelope.data.entries.find((e) => (e.details as { backPay?: unknown } | null)?.backPay)!;
    const hr = await t.createUser({ manageEmployee: true, showSalary: true, showCost: true });
    const refused = await t.call({
      method: 'GET',
      url: `/api/audit/${withBackPay.id}/back-pay.xlsx`,
      token: hr.token,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('the back pay a preview prices', () => {
  it('covers those a base salary or factor can move, exactly, and the saved write records the same', async () => {
    // Two more on a cell of their own: a write on it owes them, and nothing to the workers above.
    const other = await t.newCompany(5000);
    for (let i = 0; i < 2; i++) await t.newEmployeeOf(other, { name: `Other ${i}`, yearsExperience: i });
    const from = plusDays(today, -30);
    const raise = {
      method: 'PUT',
      url: `/api/base-salary/${other.baseSalary.id}?effectiveFrom=${from}`,
      payload: { gradeId: other.grade.id, levelId: other.level.id, amount: 5200 },
    };
    const preview = await t.callAsAdmin<Impact>({
      method: 'POST',
      url: '/api/impact',
      payload: { method: raise.method, path: raise.url.replace('/api', ''), body: raise.payload },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const owed = preview.envelope.data.backPay!;
    expect(owed.employees.map((e) => e.name).sort()).toEqual(['Other 0', 'Other 1']);
    // Each owes its monthly raise for every day since, against the exact day-by-day sum.
    for (const e of owed.employees) {
      const change = preview.envelope.data.changes.find((x) => x.id === e.id)!;
      const monthly = toCents(change.grossAfter ?? 0) - toCents(change.grossBefore ?? 0);
      expect(monthly).toBeGreaterThan(0);
      expect(e.gross).toBe(owedFor(monthly, from, today));
    }

    // A factor on their job and position, new: the same two.
    const factor = await t.callAsAdmin<Impact>({
      method: 'POST',
      url: '/api/impact',
      payload: {
        method: 'POST',
        path: `/adjustment-factors?effectiveFrom=${from}`,
        body: { jobId: other.job.id, positionId: other.position.id, factor: 0.1, type: 'PERCENTAGE' },
      },
    });
    expect(factor.statusCode, factor.body).toBe(200);
    expect(factor.envelope.data.backPay!.employees.map((e) => e.name).sort()).toEqual(['Other 0', 'Other 1']);

    // Ids and pairs no row can have (beyond int4) are the write's to refuse, never a 500.
    for (const [path, body] of [
      [`/base-salary/9999999999?effectiveFrom=${from}`, { gradeId: 9_999_999_999, levelId: 1, amount: 1 }],
      [
        `/adjustment-factors?effectiveFrom=${from}`,
        { jobId: 2 ** 53, positionId: -1, factor: 0.1, type: 'FIXED' },
      ],
    ] as const) {
      const res = await t.callAsAdmin({
        method: 'POST',
        url: '/api/impact',
        payload: { method: path.includes('9999') ? 'PUT' : 'POST', path, body },
      });
      expect([400, 404], `${path}: ${res.body}`).toContain(res.statusCode);
    }

    // Saved, the write records the same figures.
    const saved = await t.callAsAdmin(raise);
    expect(saved.statusCode, saved.body).toBe(200);
    const audit = await t.callAsAdmin<AuditPage>({
      method: 'GET',
      url: `/api/audit?entityType=baseSalary&entityId=${other.baseSalary.id}`,
    });
    const stored = (audit.envelope.data.entries[0]!.details as { backPay: StoredBackPay }).backPay;
    expect(stored.totals).toEqual(owed.totals);
    expect(stored.employees.map((e) => [e.id, e.gross, e.cost]).sort()).toEqual(
      owed.employees.map((e) => [e.id, e.gross, e.cost]).sort(),
    );
  });
});

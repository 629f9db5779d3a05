import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, todayIn } from '@salary/shared/common/calendar-day';
import { formatDay } from '@salary/shared/common/date-time';
import { asCents, fromCents, toCents } from '@salary/shared/common/money';
import { NO_PERMISSIONS } from '@salary/shared/common/permissions';
import { DEFAULT_COMPANY_FORMAT } from '@salary/shared/company/company.contract';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import type { Impact } from '@salary/shared/impact/impact.contract';
import type {
  RaiseCycle,
  Worksheet,
  WorksheetPreview,
} from '@salary/shared/raise-cycles/raise-cycles.contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payHistory } from '../../src/db/schema.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { createUsersRepository } from '../../src/modules/users/users.repository.ts';
import { testAppForFile } from '../support/helper.ts';
import { proposeOn, teamManagerToken, worksheetOf } from './worksheet-files.ts';

/*
 * A raise cycle end to end through the real app: created, proposed on (a raise outside the
 * guideline needs a reason, over budget is a warning), read by a manager limited to their team,
 * submitted, refused to its submitter's approval, approved by another administrator and applied
 * from a day still to come — the employees as of the day before unchanged, as of the day the
 * exact cents of the model below.
 *
 * The company: one job, one grade, levels L1 (base 4,000.00) and L2 (base 4,500.00); no factor,
 * no years, no flags, so gross = base + the employee's own allowances. Ana manages Ben; Cleo is
 * outside Ana's team; Dan left before the effective day; Eve was hired after the cut-off.
 */

const t = testAppForFile();
const BASE_L1 = 400_000; // cents
const BASE_L2 = 450_000;
const SECOND_ADMIN = { email: 'second.admin@example.com', password: 'Second-admin-pass-77' };

const ids = { ana: 0, ben: 0, cleo: 0, dan: 0, eve: 0, l2: 0, grade: 0 };
let effective = '';
let cycleId = 0;
let managerToken = '';
let secondAdminToken = '';

/** The model: each employee's monthly gross in cents after the proposals below. */
const model = {
  // PERCENT 2.5 % of the adjusted salary, as an allowance: one rounding.
  ana: BASE_L1 + Math.round((BASE_L1 * 250) / 10_000),
  // MOVE to L2: the L2 base.
  ben: BASE_L2,
  // AMOUNT 150.00 as an allowance.
  cleo: BASE_L1 + 15_000,
};
const inCents = (decimal: number | null | undefined) => toCents(decimal ?? Number.NaN) as number;
const decimal = (c: number) => fromCents(asCents(c));

const worksheet = (token = t.adminToken) => worksheetOf(t, cycleId, token);
const propose = (proposals: unknown[], token = t.adminToken) => proposeOn(t, cycleId, proposals, token);
const step = (name: string, token = t.adminToken, payload?: Record<string, unknown>) =>
  t.call<RaiseCycle>({
    method: 'POST',
    url: `/api/raise-cycles/${cycleId}/${name}`,
    token,
    ...(payload ? { payload } : {}),
  });
async function grossAsOf(day: string): Promise<Record<string, number>> {
  const res = await t.callAsAdmin<EmployeeView[]>({ method: 'GET', url: `/api/employees?asOf=${day}` });
  expect(res.statusCode, res.body).toBe(200);
  const by = new Map(res.envelope.data.map((e) => [e.id, inCents(e.calculatedSalary)]));
  return { ana: by.get(ids.ana)!, ben: by.get(ids.ben)!, cleo: by.get(ids.cleo)! };
}

beforeAll(async () => {
  const c = await t.newCompany(decimal(BASE_L1));
  const l2 = await t.newLevel('L2');
  await t.newBaseSalary(c.grade.id, l2.id, decimal(BASE_L2));
  ids.l2 = l2.id;
  ids.grade = c.grade.id;
  ids.ana = await t.newEmployeeOf(c, { name: 'Ana Manager', hireDate: '2020-01-01' });
  ids.ben = await t.newEmployeeOf(c, { name: 'Ben Report', hireDate: '2021-03-01' });
  ids.cleo = await t.newEmployeeOf(c, { name: 'Cleo Outside', hireDate: '2022-05-01' });
  ids.dan = await t.newEmployeeOf(c, { name: 'Dan Leaver', hireDate: '2019-01-01', leaveDate: '2024-01-31' });
  ids.eve = await t.newEmployeeOf(c, { name: 'Eve New', hireDate: '2025-06-01' });
  managerToken = await teamManagerToken(t, ids.ana, ids.ben);
  await createUsersRepository(t.database.db).insert({
    email: SECOND_ADMIN.email,
    name: 'Second Administrator',
    passwordHash: await hashPassword(SECOND_ADMIN.password),
    isAdmin: true,
    permissions: NO_PERMISSIONS,
  });
  secondAdminToken = await t.login(SECOND_ADMIN.email, SECOND_ADMIN.password);
  effective = addDays(todayIn('UTC'), 30);
});

describe('a raise cycle from draft to applied', () => {
  it('is created as a draft', async () => {
    const res = await t.callAsAdmin<RaiseCycle>({
      method: 'POST',
      url: '/api/raise-cycles',
      payload: {
        name: 'Spring 2026',
        effectiveDate: effective,
        eligibility: { hiredBefore: '2023-01-01', jobIds: [], gradeIds: [ids.grade] },
        budget: { kind: 'PERCENT', value: 2 },
        guideline: [
          { compaFrom: null, compaTo: 1, rating: null, minPercent: 3, maxPercent: 6 },
          { compaFrom: 1, compaTo: null, rating: null, minPercent: 0, maxPercent: 3 },
          { compaFrom: 1, compaTo: null, rating: 5, minPercent: 4, maxPercent: 8 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    cycleId = res.envelope.data.id;
    expect(res.envelope.data).toMatchObject({ status: 'DRAFT', budget: { kind: 'PERCENT', value: 2 } });
  });

  it('lists the eligible employees with their pay, compa-ratio and recommended range', async () => {
    const sheet = await worksheet();
    expect(sheet.rows.map((r) => r.name)).toEqual(['Ana Manager', 'Ben Report', 'Cleo Outside']);
    for (const r of sheet.rows)
      expect(r).toMatchObject({
        currentGross: 4000,
        basicWage: 4000,
        midpoint: 4000,
        compaRatio: 1,
        recommended: { minPercent: 0, maxPercent: 3 },
        proposal: null,
        newGross: 4000,
      });
    expect(sheet.totals).toEqual({ eligiblePayroll: 12_000, budget: 240, budgetUsed: 0, overBudget: false });
  });

  it('refuses a raise outside the range without a reason, naming the row', async () => {
    const res = await propose([
      { employeeId: ids.ana, kind: 'PERCENT', value: 2.5 },
      { employeeId: ids.cleo, kind: 'AMOUNT', value: 150 },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.envelope.message).toBe(
      'Row 2 (Cleo Outside): a raise outside the recommended range (0–3%) needs a reason',
    );
    expect((await worksheet()).rows.every((r) => r.proposal === null)).toBe(true);
    // Two rows without one: the first named, the other counted, and every one marked for the form.
    const two = await propose([
      { employeeId: ids.ana, kind: 'PERCENT', value: 2.5 },
      { employeeId: ids.ben, kind: 'MOVE', gradeId: ids.grade, levelId: ids.l2, reason: '  ' },
      { employeeId: ids.cleo, kind: 'AMOUNT', value: 150 },
    ]);
    expect([two.statusCode, two.envelope.message]).toEqual([
      400,
      'Row 2 (Ben Report): a raise outside the recommended range (0–3%) needs a reason, and 1 more row outside it',
    ]);
    expect(
      (two.envelope.data as unknown as { fields: Array<{ field: string }> }).fields.map((f) => f.field),
    ).toEqual(['proposals.1.reason', 'proposals.2.reason']);
    // While the user types, the same rows are priced all the same: each says it is outside.
    const typed = await t.callAsAdmin<WorksheetPreview>({
      method: 'POST',
      url: `/api/raise-cycles/${cycleId}/proposals/preview`,
      payload: { proposals: [{ employeeId: ids.cleo, kind: 'AMOUNT', value: 150 }] },
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.envelope.data.rows).toEqual([
      expect.objectContaining({ employeeId: ids.cleo, outsideGuideline: true, newGross: 4150 }),
    ]);
    expect(typed.envelope.data.totals.budgetUsed).toBe(150);
    expect((await worksheet()).rows.every((r) => r.proposal === null)).toBe(true);
  });

  it('finds the range by compa-ratio and rating: a rated row wins over one without', async () => {
    const res = await propose([
      { employeeId: ids.cleo, rating: 5, kind: 'AMOUNT', value: 150, reason: 'Late' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const cleo = res.envelope.data.rows.find((r) => r.employeeId === ids.cleo)!;
    expect(cleo).toMatchObject({
      rating: 5,
      recommended: { minPercent: 4, maxPercent: 8 },
      raisePercent: 3.75,
    });
    expect(cleo.outsideGuideline).toBe(true);
  });

  it("previews proposals as typed: the save's totals, each proposed row's new pay, nothing saved", async () => {
    const preview = (proposals: unknown[]) =>
      t.callAsAdmin<WorksheetPreview>({
        method: 'POST',
        url: `/api/raise-cycles/${cycleId}/proposals/preview`,
        payload: { proposals },
      });
    const all = await preview([
      { employeeId: ids.ana, kind: 'PERCENT', value: 2.5 },
      { employeeId: ids.ben, kind: 'MOVE', gradeId: ids.grade, levelId: ids.l2, reason: 'Promotion' },
      { employeeId: ids.cleo, rating: 3, kind: 'AMOUNT', value: 150, reason: 'Market' },
    ]);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.envelope.data.totals).toEqual({
      eligiblePayroll: 12_000,
      budget: 240,
      budgetUsed: decimal(model.ana + model.ben + model.cleo - 3 * BASE_L1),
      overBudget: true,
    });
    expect(all.envelope.data.warnings).toEqual(['The proposals are over budget']);
    expect(all.envelope.data.rows.map((r) => [r.employeeId, inCents(r.newGross)])).toEqual([
      [ids.ana, model.ana],
      [ids.ben, model.ben],
      [ids.cleo, model.cleo],
    ]);
    // Only the rows it names, with only what their proposal changes; Cleo's saved raise still counts.
    const one = await preview([{ employeeId: ids.ana, kind: 'PERCENT', value: 2.5 }]);
    expect(one.envelope.data).toEqual({
      rows: [
        {
          employeeId: ids.ana,
          raisePercent: 2.5,
          outsideGuideline: false,
          newGross: decimal(model.ana),
          newCompaRatio: 1.03,
        },
      ],
      totals: {
        eligiblePayroll: 12_000,
        budget: 240,
        budgetUsed: decimal(model.ana + model.cleo - 2 * BASE_L1),
        overBudget: true,
      },
      warnings: ['The proposals are over budget'],
    });
    // A rating typed picks its range at once (the guideline's rated row), before any save; one
    // saved (Cleo's 5) and cleared in the draft gives the unrated range back. Without any rating
    // (Ana, above) no range is sent: the row's stands.
    const rated = async (rating: number | null) =>
      (await preview([{ employeeId: ids.cleo, rating, kind: 'AMOUNT', value: 150, reason: 'Market' }]))
        .envelope.data.rows[0];
    expect(await rated(5)).toMatchObject({
      recommended: { minPercent: 4, maxPercent: 8 },
      outsideGuideline: true,
    });
    expect(await rated(null)).toMatchObject({
      recommended: { minPercent: 0, maxPercent: 3 },
      outsideGuideline: true,
    });
    // Nothing saved: the worksheet still holds Cleo's proposal alone.
    expect((await worksheet()).rows.map((r) => r.proposal?.kind ?? null)).toEqual([null, null, 'AMOUNT']);
  });

  it('saves proposals over budget, answered as a warning with the exact totals', async () => {
    const res = await propose([
      { employeeId: ids.ana, kind: 'PERCENT', value: 2.5 },
      { employeeId: ids.ben, kind: 'MOVE', gradeId: ids.grade, levelId: ids.l2, reason: 'Promotion' },
      { employeeId: ids.cleo, rating: 3, kind: 'AMOUNT', value: 150, reason: 'Market' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.message).toBe('Proposals saved. The proposals are over budget');
    const sheet = res.envelope.data;
    const used = model.ana + model.ben + model.cleo - 3 * BASE_L1;
    expect(sheet.totals).toEqual({
      eligiblePayroll: 12_000,
      budget: 240,
      budgetUsed: decimal(used),
      overBudget: true,
    });
    expect(sheet.warnings).toEqual(['The proposals are over budget']);
    const row = (id: number) => sheet.rows.find((r) => r.employeeId === id)!;
    expect(inCents(row(ids.ana).newGross)).toBe(model.ana);
    expect(row(ids.ana)).toMatchObject({ raisePercent: 2.5, outsideGuideline: false, newCompaRatio: 1.03 });
    expect(inCents(row(ids.ben).newGross)).toBe(model.ben);
    // Ben moves to L2: his new basic wage is L2's midpoint.
    expect(row(ids.ben)).toMatchObject({ raisePercent: 12.5, outsideGuideline: true, newCompaRatio: 1 });
    expect(inCents(row(ids.cleo).newGross)).toBe(model.cleo);
  });

  it('takes a worksheet of many thousand rows in one body, and refuses one past its limit', async () => {
    // 20,000 rows (about 1.4 MB, over the app's 1 MB JSON limit): read and checked, row by row.
    const many = Array.from({ length: 20_000 }, (_, i) => ({
      employeeId: 1_000_000 + i,
      kind: 'PERCENT',
      value: 3,
      reason: 'A raise for everyone on the list',
    }));
    const read = await propose(many);
    expect([read.statusCode, read.envelope.message]).toEqual([
      400,
      'Row 1: employee 1000000 is not in this cycle',
    ]);
    const preview = await t.callAsAdmin({
      method: 'POST',
      url: `/api/raise-cycles/${cycleId}/proposals/preview`,
      payload: { proposals: many },
    });
    expect(preview.statusCode, preview.body.slice(0, 200)).toBe(400);
    // Past 16 MB: refused before it is read.
    const huge = await propose([{ employeeId: ids.ana, kind: 'NONE', reason: 'x'.repeat(17 * 1024 * 1024) }]);
    expect(huge.statusCode).toBe(413);
  });

  it("shows a limited manager only their team's rows and totals, and refuses their write of another's row", async () => {
    const sheet = await worksheet(managerToken);
    expect(sheet.rows.map((r) => r.name)).toEqual(['Ben Report']);
    expect(sheet.totals).toEqual({
      eligiblePayroll: decimal(BASE_L1),
      budget: decimal((BASE_L1 * 200) / 10_000),
      budgetUsed: decimal(model.ben - BASE_L1),
      overBudget: true,
    });
    expect(JSON.stringify(sheet)).not.toMatch(/Cleo|Ana Manager/);
    // The totals as they type are their team's too.
    const typed = await t.call<WorksheetPreview>({
      method: 'POST',
      url: `/api/raise-cycles/${cycleId}/proposals/preview`,
      payload: { proposals: [{ employeeId: ids.ben, kind: 'NONE' }] },
      token: managerToken,
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.envelope.data.totals).toEqual({ ...sheet.totals, budgetUsed: 0, overBudget: false });
    expect(typed.envelope.data.rows.map((r) => r.employeeId)).toEqual([ids.ben]);
    const other = await propose([{ employeeId: ids.cleo, kind: 'PERCENT', value: 1 }], managerToken);
    expect([other.statusCode, other.envelope.message]).toEqual([
      400,
      `Row 1: employee ${ids.cleo} is not in this cycle`,
    ]);
    const own = await propose(
      [{ employeeId: ids.ben, kind: 'MOVE', gradeId: ids.grade, levelId: ids.l2, reason: 'Promotion' }],
      managerToken,
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(own.envelope.data.rows.map((r) => r.employeeId)).toEqual([ids.ben]);
  });

  it('is submitted; then proposals are closed and its submitter cannot approve it', async () => {
    const submitted = await step('submit');
    expect([submitted.statusCode, submitted.envelope.data.status]).toEqual([200, 'SUBMITTED']);
    // Each reader is told whether they submitted it (the page then offers them no Approve).
    expect(submitted.envelope.data.submittedByYou).toBe(true);
    const read = (token: string) =>
      t.call<RaiseCycle>({ method: 'GET', url: `/api/raise-cycles/${cycleId}`, token });
    expect((await read(t.adminToken)).envelope.data.submittedByYou).toBe(true);
    expect((await read(secondAdminToken)).envelope.data.submittedByYou).toBe(false);
    const late = await propose([{ employeeId: ids.ana, kind: 'NONE' }]);
    expect([late.statusCode, late.envelope.message]).toEqual([
      409,
      'Proposals can be changed only while the cycle is a draft',
    ]);
    const own = await step('approve');
    expect([own.statusCode, own.envelope.message]).toEqual([403, 'You cannot approve a cycle you submitted']);
    const early = await step('apply');
    expect(early.statusCode).toBe(409);
  });

  it('is sent back with a comment, submitted again, and approved by another administrator', async () => {
    const back = await step('send-back', secondAdminToken, { comment: 'Check Cleo' });
    expect(back.envelope.data).toMatchObject({ status: 'DRAFT', sentBackComment: 'Check Cleo' });
    expect((await step('submit')).statusCode).toBe(200);
    const approved = await step('approve', secondAdminToken);
    expect([approved.statusCode, approved.envelope.data.status]).toEqual([200, 'APPROVED']);
  });

  it("previews its application: the day's pay before and after, nothing written", async () => {
    const write = { method: 'POST', path: `/raise-cycles/${cycleId}/apply` };
    const preview = await t.callAsAdmin<Impact>({ method: 'POST', url: '/api/impact', payload: write });
    expect(preview.statusCode, preview.body).toBe(200);
    const raised = model.ana + model.ben + model.cleo - 3 * BASE_L1;
    expect(preview.envelope.data.employeesAffected).toBe(3);
    expect(inCents(preview.envelope.data.totals.grossDelta)).toBe(raised);
    expect(
      preview.envelope.data.changes.map((c) => [c.id, inCents(c.grossBefore), inCents(c.grossAfter)]).sort(),
    ).toEqual(
      [
        [ids.ana, BASE_L1, model.ana],
        [ids.ben, BASE_L1, model.ben],
        [ids.cleo, BASE_L1, model.cleo],
      ].sort(),
    );
    // Nothing was applied, and only an administrator may preview it (the apply's own 403).
    const still = await t.callAsAdmin<RaiseCycle>({ method: 'GET', url: `/api/raise-cycles/${cycleId}` });
    expect(still.envelope.data.status).toBe('APPROVED');
    expect(await grossAsOf(effective)).toEqual({ ana: BASE_L1, ben: BASE_L1, cleo: BASE_L1 });
    const byManager = await t.call({
      method: 'POST',
      url: '/api/impact',
      payload: write,
      token: managerToken,
    });
    expect(byManager.statusCode, byManager.body).toBe(403);
    const missing = await t.callAsAdmin({
      method: 'POST',
      url: '/api/impact',
      payload: { method: 'POST', path: '/raise-cycles/999999/apply' },
    });
    expect(missing.statusCode, missing.body).toBe(404);
  });

  it('is applied from its effective day: nothing changed the day before, everything that day', async () => {
    const before = await grossAsOf(addDays(effective, -1));
    const history = await t.countRows(payHistory);
    const approved = await worksheet();
    const applied = await step('apply');
    expect(applied.statusCode, applied.body).toBe(200);
    // Nobody's pay moved today: no pay-history row until the day.
    expect(await t.countRows(payHistory)).toBe(history);
    expect(applied.envelope.data.status).toBe('APPLIED');
    expect(await grossAsOf(addDays(effective, -1))).toEqual(before);
    expect(before).toEqual({ ana: BASE_L1, ben: BASE_L1, cleo: BASE_L1 });
    expect(await grossAsOf(effective)).toEqual(model);
    // Today's rows wait for the day: the directory as of today is unchanged.
    expect(await grossAsOf(todayIn('UTC'))).toEqual(before);
    // Its worksheet still reads as decided (a raise and a move, each on the pay before it), not
    // as the pay it made with nothing more to give.
    const after = await worksheet();
    expect(after.rows).toEqual(approved.rows);
    expect(after.totals).toEqual(approved.totals);
    expect(after.totals.budgetUsed).toBeGreaterThan(0);
  });

  it('recorded one audit entry for the application, and one for each step before it', async () => {
    const res = await t.callAsAdmin<{
      entries: Array<{ action: string; entityType: string; id: number; summary: string }>;
    }>({
      method: 'GET',
      url: '/api/audit?entityType=raiseCycle&limit=50',
    });
    expect(res.statusCode, res.body).toBe(200);
    const actions = res.envelope.data.entries.map((e) => e.action).reverse();
    expect(actions).toEqual([
      'create',
      'propose',
      'propose',
      'propose',
      'submit',
      'send-back',
      'submit',
      'approve',
      'apply',
    ]);
    const applied = await t.callAsAdmin<RaiseCycle>({ method: 'GET', url: `/api/raise-cycles/${cycleId}` });
    expect(applied.envelope.data.appliedEntryId).toBe(res.envelope.data.entries[0]!.id);
    // Each says what it did in words, not "updated": the day as the company writes days.
    const day = formatDay(effective, DEFAULT_COMPANY_FORMAT);
    const summaries = res.envelope.data.entries.map((e) => e.summary).reverse();
    expect(summaries[1]).toBe('Raise cycle "Spring 2026": proposals saved for 1 employee');
    expect(summaries[4]).toBe('Raise cycle "Spring 2026": Status: Draft → Submitted');
    expect(summaries.at(-1)).toBe(
      `Raise cycle "Spring 2026": raises applied from ${day} to 3 employees (scheduled)`,
    );
  });

  it('is reverted from the Audit Log: every employee back as of the day, the cycle approved again', async () => {
    const cycle = await t.callAsAdmin<RaiseCycle>({ method: 'GET', url: `/api/raise-cycles/${cycleId}` });
    const appliedId = cycle.envelope.data.appliedEntryId!;
    const revert = (id: number) =>
      t.callAsAdmin<{ revertId: number }>({ method: 'POST', url: `/api/audit/${id}/revert` });
    // Not the manager's to revert.
    const byManager = await t.call({
      method: 'POST',
      url: `/api/audit/${appliedId}/revert`,
      token: managerToken,
    });
    expect(byManager.statusCode, byManager.body).toBe(403);
    const done = await revert(appliedId);
    expect(done.statusCode, done.body).toBe(200);
    const unchanged = { ana: BASE_L1, ben: BASE_L1, cleo: BASE_L1 };
    expect(await grossAsOf(addDays(effective, -1))).toEqual(unchanged);
    expect(await grossAsOf(effective)).toEqual(unchanged);
    expect(await grossAsOf(addDays(effective, 400))).toEqual(unchanged);
    const after = await t.callAsAdmin<RaiseCycle>({ method: 'GET', url: `/api/raise-cycles/${cycleId}` });
    expect(after.envelope.data).toMatchObject({ status: 'APPROVED', appliedEntryId: null });
    // Ben's move left no period of its own behind: none starts on the effective day.
    const timeline = await t.callAsAdmin<Array<{ from: string }>>({
      method: 'GET',
      url: `/api/employees/${ids.ben}/pay-timeline`,
    });
    expect(timeline.statusCode, timeline.body).toBe(200);
    expect(timeline.envelope.data.length).toBeGreaterThan(0);
    expect(JSON.stringify(timeline.envelope.data)).not.toContain(effective);
    // The revert's own entry names what it undid; a second revert is refused, nothing moves.
    const entries = await t.callAsAdmin<{
      entries: Array<{ id: number; action: string; summary: string; details: { revertOf?: number } }>;
    }>({ method: 'GET', url: '/api/audit?entityType=raiseCycle&limit=5' });
    expect(entries.envelope.data.entries[0]).toMatchObject({
      id: done.envelope.data.revertId,
      action: 'revert',
      details: { revertOf: appliedId },
      summary: `Raise cycle "Spring 2026": application reverted from ${formatDay(effective, DEFAULT_COMPANY_FORMAT)} for 3 employees`,
    });
    const again = await revert(appliedId);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.envelope.message).toMatch(/already reverted/);
    expect(await grossAsOf(effective)).toEqual(unchanged);

    // Applied anew, it writes the same pay; an edit of Ana afterwards then stands in the way.
    const reapplied = await step('apply');
    expect(reapplied.statusCode, reapplied.body).toBe(200);
    expect(await grossAsOf(effective)).toEqual(model);
    const edit = await t.callAsAdmin({
      method: 'PUT',
      url: `/api/employees/${ids.ana}/allowance?effectiveFrom=${effective}`,
      payload: { allowance: { type: 'FIXED', value: 10, reason: 'On call' } },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const blocked = await revert(reapplied.envelope.data.appliedEntryId!);
    expect(blocked.statusCode, blocked.body).toBe(409);
    expect(blocked.envelope.message).toMatch(/Employee \d+ \(Ana Manager\) was changed on .+ by admin@/);
    expect(await grossAsOf(effective)).toEqual({ ...model, ana: model.ana + 1_000 });
  });
});

describe('a raise cycle effective today', () => {
  let todayCycle = 0;
  const today = () => todayIn('UTC');

  it('is proposed and submitted by a limited manager, approved by an administrator and applied at once', async () => {
    const made = await t.callAsAdmin<RaiseCycle>({
      method: 'POST',
      url: '/api/raise-cycles',
      payload: {
        name: 'Today',
        effectiveDate: today(),
        eligibility: { gradeIds: [ids.grade] },
        budget: { kind: 'AMOUNT', value: 1000 },
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    todayCycle = made.envelope.data.id;
    const call = (method: 'PUT' | 'POST', path: string, token: string, payload?: Record<string, unknown>) =>
      t.call<Worksheet>({
        method,
        url: `/api/raise-cycles/${todayCycle}/${path}`,
        token,
        ...(payload ? { payload } : {}),
      });
    const proposed = await call('PUT', 'proposals', managerToken, {
      proposals: [{ employeeId: ids.ben, kind: 'PERCENT', value: 1.25 }],
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    // The team's share of an AMOUNT budget is its share of the eligible payroll: Ben's of four
    // (no hire cut-off this time: Eve is in, Dan, who left, is not).
    expect(proposed.envelope.data.totals).toEqual({
      eligiblePayroll: decimal(BASE_L1),
      budget: decimal(100_000 / 4),
      budgetUsed: decimal(5_000),
      overBudget: false,
    });
    // The whole amount is the administrator's to read: beside the team's share and payroll it
    // would give the company's eligible payroll (4 × 4,000.00), which the manager may not see.
    expect(proposed.envelope.data.cycle.budget).toEqual({ kind: 'AMOUNT', value: null });
    for (const url of ['/api/raise-cycles', `/api/raise-cycles/${todayCycle}`]) {
      const read = await t.call<RaiseCycle | RaiseCycle[]>({ method: 'GET', url, token: managerToken });
      expect(read.statusCode, read.body).toBe(200);
      const cycles = ([] as RaiseCycle[]).concat(read.envelope.data);
      expect(cycles.find((c) => c.id === todayCycle)!.budget).toEqual({ kind: 'AMOUNT', value: null });
      expect(read.body).not.toMatch(/\b1000\b|16000/);
    }
    const admin = await t.callAsAdmin<RaiseCycle>({ method: 'GET', url: `/api/raise-cycles/${todayCycle}` });
    expect(admin.envelope.data.budget).toEqual({ kind: 'AMOUNT', value: 1000 });
    // No letters before approval.
    const early = await t.callAsAdmin({ method: 'GET', url: `/api/raise-cycles/${todayCycle}/letters.zip` });
    expect(early.statusCode, early.body).toBe(409);
    expect((await call('POST', 'submit', managerToken)).statusCode).toBe(200);
    expect((await call('POST', 'approve', t.adminToken)).statusCode).toBe(200);
    const before = await t.countRows(payHistory);
    const applied = await call('POST', 'apply', t.adminToken);
    expect(applied.statusCode, applied.body).toBe(200);
    // Today's row moved: the directory without a day shows the raise (1.25 % of 4,000.00 = 50.00).
    const list = await t.callAsAdmin<EmployeeView[]>({ method: 'GET', url: '/api/employees' });
    const ben = list.envelope.data.find((e) => e.id === ids.ben)!;
    expect(inCents(ben.calculatedSalary)).toBe(BASE_L1 + 5_000);
    // One pay-history row, Ben's, under the application's one entry.
    const rows = await t.database.db.select().from(payHistory).where(eq(payHistory.employeeId, ids.ben));
    expect(await t.countRows(payHistory)).toBe(before + 1);
    const entryId = (applied.envelope.data as unknown as RaiseCycle).appliedEntryId;
    expect(rows.at(-1)).toMatchObject({
      auditId: entryId,
      grossBefore: BASE_L1,
      grossAfter: BASE_L1 + 5_000,
    });

    // Ben's letter, read by his manager: pay until the day before and from the day, read back
    // with poppler's pdftotext.
    const letter = await t.call({
      method: 'GET',
      url: `/api/raise-cycles/${todayCycle}/letters/${ids.ben}`,
      token: managerToken,
    });
    expect(letter.statusCode, letter.body).toBe(200);
    expect(letter.headers['content-type']).toBe('application/pdf');
    expect(letter.headers['content-disposition']).toBe(
      `attachment; filename="raise_letter_${todayCycle}_${ids.ben}.pdf"`,
    );
    const dir = mkdtempSync(path.join(os.tmpdir(), 'letter-'));
    try {
      writeFileSync(path.join(dir, 'letter.pdf'), letter.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'letter.pdf'), '-'], {
        encoding: 'utf8',
      });
      expect(text).toContain('Ben Report');
      expect(text).toMatch(/Until [A-Z][a-z]{2} \d{1,2}, \d{4}\s+\$4,000\.00/);
      expect(text).toMatch(/From [A-Z][a-z]{2} \d{1,2}, \d{4}\s+\$4,050\.00/);
      expect(text).toMatch(/Raise a month\s+\$50\.00 \(1\.25%\)/);

      // Not for someone outside the manager's team, whatever their raise.
      const outside = await t.call({
        method: 'GET',
        url: `/api/raise-cycles/${todayCycle}/letters/${ids.cleo}`,
        token: managerToken,
      });
      expect(outside.statusCode, outside.body).toBe(404);

      // Every letter in one .zip, read by another program (Python's zipfile, CRCs checked).
      const zip = await t.callAsAdmin({ method: 'GET', url: `/api/raise-cycles/${todayCycle}/letters.zip` });
      expect(zip.statusCode, zip.body).toBe(200);
      expect(zip.headers['content-type']).toBe('application/zip');
      writeFileSync(path.join(dir, 'letters.zip'), zip.rawPayload);
      const listed = execFileSync(
        'python3',
        [
          '-c',
          'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print("\\n".join(z.namelist())); print(all(z.read(n)[:5] == b"%PDF-" for n in z.namelist()))',
          path.join(dir, 'letters.zip'),
        ],
        { encoding: 'utf8' },
      );
      expect(listed.trim().split('\n')).toEqual([`raise_letter_${todayCycle}_${ids.ben}.pdf`, 'True']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // Reverted the same day: today's row moves back, with its pay-history row under the revert.
    const reverted = await t.callAsAdmin<{ revertId: number }>({
      method: 'POST',
      url: `/api/audit/${entryId}/revert`,
    });
    expect(reverted.statusCode, reverted.body).toBe(200);
    const back = await t.callAsAdmin<EmployeeView[]>({ method: 'GET', url: '/api/employees' });
    expect(inCents(back.envelope.data.find((e) => e.id === ids.ben)!.calculatedSalary)).toBe(BASE_L1);
    const history = await t.database.db.select().from(payHistory).where(eq(payHistory.employeeId, ids.ben));
    expect(history.at(-1)).toMatchObject({
      auditId: reverted.envelope.data.revertId,
      grossBefore: BASE_L1 + 5_000,
      grossAfter: BASE_L1,
    });
  });

  it('applies what the database holds then, though the worksheet was read before a change made outside the app', async () => {
    const made = await t.callAsAdmin<RaiseCycle>({
      method: 'POST',
      url: '/api/raise-cycles',
      payload: {
        name: 'Today, after a change',
        effectiveDate: today(),
        eligibility: { gradeIds: [ids.grade] },
        budget: { kind: 'PERCENT', value: 3 },
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    cycleId = made.envelope.data.id;
    expect((await propose([{ employeeId: ids.cleo, kind: 'PERCENT', value: 2 }])).statusCode).toBe(200);
    expect((await step('submit')).statusCode).toBe(200);
    expect((await step('approve', secondAdminToken)).statusCode).toBe(200);
    // Read (and kept by the app) as of the day: Cleo on L1 at 4,000.00.
    const read = await worksheet();
    expect(read.rows.find((r) => r.employeeId === ids.cleo)).toMatchObject({
      currentGross: decimal(BASE_L1),
    });
    // Then, straight in SQL: Cleo moved to L2, whose base becomes 4,600.00.
    const L2_NOW = 460_000;
    const db = t.database.db;
    await db.execute(sql`update employees set level_id = ${ids.l2} where id = ${ids.cleo}`);
    await db.execute(sql`update employee_versions set level_id = ${ids.l2} where employee_id = ${ids.cleo}`);
    await db.execute(sql`update base_salaries set amount = ${L2_NOW} where level_id = ${ids.l2}`);
    try {
      const applied = await step('apply');
      expect(applied.statusCode, applied.body).toBe(200);
      // 2 % of 4,600.00 on top of it, and the history from 4,600.00: not the worksheet's figures.
      const list = await t.callAsAdmin<EmployeeView[]>({ method: 'GET', url: '/api/employees' });
      expect(inCents(list.envelope.data.find((e) => e.id === ids.cleo)!.calculatedSalary)).toBe(
        L2_NOW + 9_200,
      );
      const rows = await db.select().from(payHistory).where(eq(payHistory.employeeId, ids.cleo));
      expect(rows.at(-1)).toMatchObject({
        auditId: applied.envelope.data.appliedEntryId,
        grossBefore: L2_NOW,
        grossAfter: L2_NOW + 9_200,
      });
    } finally {
      await db.execute(sql`update base_salaries set amount = ${BASE_L2} where level_id = ${ids.l2}`);
    }
  });
});

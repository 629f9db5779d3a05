import type { AuditPage, PayHistoryRow } from '@salary/shared/audit/audit.contract';
import { addDays, completedYears } from '@salary/shared/common/calendar-day';
import type { PayPeriod, ScheduledChange } from '@salary/shared/employees/dated.contract';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployeesRepository } from '../../src/modules/employees/employees.repository.ts';
import { DEMO_ACTOR, DEMO_REFUSED, runDemoSeed } from '../../src/seed/demo.ts';
import { demoBaseSalary, firstOfMonth, nextNewYear, raised } from '../../src/seed/demo-data.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';

let t: TestContext;
/** The company's today, as the seed counted its days from. */
let today = '';
beforeAll(async () => {
  t = await buildTestApp();
  today = await createEmployeesRepository(t.database.db).today();
});
afterAll(async () => t.close());

const list = async (query = '') =>
  (await t.callAsAdmin<EmployeeView[]>({ method: 'GET', url: `/api/employees${query}` })).envelope.data;
const byName = (all: EmployeeView[], name: string) => all.find((e) => e.name === name)!;

describe('demo company', () => {
  it('fills an empty database with a complete, priceable company', async () => {
    const outcome = await runDemoSeed(t.database.db);
    expect(outcome.seeded).toBe(true);
    const all = await list('?status=all');
    expect(all).toHaveLength(200);
    // Two have left: today's (active) list has the others.
    expect(await list()).toHaveLength(198);
    // The base-salary matrix is complete, so every employee has a salary and a cost.
    expect(all.every((e) => typeof e.calculatedSalary === 'number' && e.calculatedSalary > 0)).toBe(true);
    expect(new Set(all.map((e) => e.technology.name)).size).toBe(6);
    const jobs = await t.callAsAdmin<{ name: string; _count: { positions: number } }[]>({
      method: 'GET',
      url: '/api/jobs',
    });
    expect(jobs.statusCode).toBe(200);
  });

  it("starts every employee's pay history with the opening pay the list shows", async () => {
    const list = await t.callAsAdmin<EmployeeView[]>({ method: 'GET', url: '/api/employees' });
    for (const e of list.envelope.data) {
      const history = await t.callAsAdmin<PayHistoryRow[]>({
        method: 'GET',
        url: `/api/employees/${e.id}/history`,
      });
      expect(history.envelope.data, e.name).toEqual([
        expect.objectContaining({
          grossBefore: null,
          grossAfter: e.calculatedSalary,
          costBefore: null,
          costAfter: e.accumulatedCost,
          cause: `Demo company created by ${DEMO_ACTOR}`,
        }),
      ]);
    }
  });

  it('gives every employee a hire and a career-start day, the years derived from them', async () => {
    for (const e of await list('?status=all')) {
      expect(e.hireDate, e.name).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(e.careerStartDate! <= e.hireDate!, e.name).toBe(true);
      expect(e.yearsWithCompany, e.name).toBe(completedYears(e.hireDate!, today));
      expect(e.yearsExperience, e.name).toBe(completedYears(e.careerStartDate!, today));
    }
  });

  it('has two leavers: gone from the active list today, there as of the day before they left', async () => {
    const leavers = await list('?status=leavers');
    expect(leavers.map((e) => e.name).sort()).toEqual(['Mateo Dubois', 'Rami Novak']);
    const active = new Set((await list()).map((e) => e.id));
    for (const leaver of leavers) {
      expect(leaver.employmentStatus).toBe('LEAVER');
      expect(leaver.leaveDate! < today, leaver.name).toBe(true);
      expect(active.has(leaver.id), leaver.name).toBe(false);
      const then = await list(`?asOf=${addDays(leaver.leaveDate!, -1)}`);
      expect(byName(then, leaver.name), leaver.name).toMatchObject({
        id: leaver.id,
        employmentStatus: 'ACTIVE',
      });
    }
  });

  it('lists the scheduled changes: a promotion from the 1st of next month, a raise from 1 January', async () => {
    const changes = (await t.callAsAdmin<ScheduledChange[]>({ method: 'GET', url: '/api/scheduled-changes' }))
      .envelope.data;
    const samir = byName(await list(), 'Samir Farouk');
    const grades = new Map(
      (
        await t.callAsAdmin<{ id: number; name: string }[]>({ method: 'GET', url: '/api/grades' })
      ).envelope.data.map((g) => [g.name, g.id]),
    );
    const newYear = nextNewYear(today);
    expect(changes.filter((c) => c.kind === 'employee')).toEqual([
      expect.objectContaining({
        employeeId: samir.id,
        employeeName: 'Samir Farouk',
        effectiveFrom: firstOfMonth(today, 1),
        changes: [{ field: 'gradeId', before: grades.get('Mid'), after: grades.get('Senior') }],
      }),
    ]);
    // Senior's three base salaries +3% from 1 January, recorded by the system.
    const raise = changes.filter((c) => c.kind !== 'employee');
    expect(raise.map((c) => [c.kind, c.subjectName, c.effectiveFrom, c.recordedBy, c.changes])).toEqual(
      [0, 1, 2].map((li) => [
        'baseSalary',
        `Senior / Level ${li + 1}`,
        newYear,
        null,
        [{ field: 'amount', before: demoBaseSalary(2, li), after: raised(demoBaseSalary(2, li), 3) }],
      ]),
    );
    expect(firstOfMonth(today, 1) > today).toBe(true);
    expect(newYear > today).toBe(true);
    // Today it is not in force yet; as of its day it is, and pays more.
    expect(samir.grade.name).toBe('Mid');
    const then = await t.callAsAdmin<EmployeeView>({
      method: 'GET',
      url: `/api/employees/${samir.id}?asOf=${firstOfMonth(today, 1)}`,
    });
    expect(then.envelope.data.grade.name).toBe('Senior');
    expect(then.envelope.data.calculatedSalary!).toBeGreaterThan(samir.calculatedSalary!);
    // The raise: a Senior earns more as of 1 January than the day before; a Mid the same.
    const seniors = (await list()).filter((e) => e.grade.name === 'Senior' && e.name !== 'Sofia Novak');
    const mids = (await list()).filter((e) => e.grade.name === 'Mid' && e.name !== 'Samir Farouk');
    const eve = new Map((await list(`?asOf=${addDays(newYear, -1)}`)).map((e) => [e.id, e]));
    const after = new Map((await list(`?asOf=${newYear}`)).map((e) => [e.id, e]));
    expect(seniors.length).toBeGreaterThan(0);
    for (const e of seniors)
      expect(after.get(e.id)!.calculatedSalary!, e.name).toBeGreaterThan(eve.get(e.id)!.calculatedSalary!);
    for (const e of mids)
      expect(after.get(e.id)!.calculatedSalary, e.name).toBe(eve.get(e.id)!.calculatedSalary);
    // Its audit entry says it waits for its day.
    const { entries } = (
      await t.callAsAdmin<AuditPage>({ method: 'GET', url: '/api/audit?entityType=baseSalary' })
    ).envelope.data;
    expect(entries).toEqual([
      expect.objectContaining({
        actorEmail: DEMO_ACTOR,
        summary: expect.stringContaining('Base salaries (grid): Senior / Level 1'),
        details: expect.objectContaining({ effectiveFrom: newYear, scheduled: true, updated: 3 }),
      }),
    ]);
  });

  it('has two part-time employees', async () => {
    const hours = (await list('?status=all')).filter((e) => e.weeklyHours !== 40);
    expect(hours.map((e) => [e.name, e.weeklyHours])).toEqual([
      [expect.any(String), 20],
      [expect.any(String), 30],
    ]);
  });

  it('scores every job for job evaluation, so the pay report has evaluation categories', async () => {
    const report = (
      await t.callAsAdmin<{ categories: Array<{ key: string; name: string }> }>({
        method: 'GET',
        url: '/api/pay-transparency?category=evaluation',
      })
    ).envelope.data;
    expect(report.categories.length).toBeGreaterThanOrEqual(2);
    expect(report.categories.every((c) => c.key.startsWith('band-'))).toBe(true);
  });

  it("shows a backdated promotion in the employee's pay timeline", async () => {
    const sofia = byName(await list(), 'Sofia Novak');
    expect(sofia.grade.name).toBe('Lead');
    const timeline = (
      await t.callAsAdmin<PayPeriod[]>({ method: 'GET', url: `/api/employees/${sofia.id}/pay-timeline` })
    ).envelope.data;
    const day = firstOfMonth(today, -3);
    expect(timeline.map((p) => [p.from, p.to, p.cause.kind, p.cause.scheduled])).toEqual([
      [null, addDays(day, -1), 'first', false],
      [day, null, 'change', false],
    ]);
    expect(timeline[1]!.cause.changes.map((c) => c.field)).toEqual(['gradeId']);
    // Each period priced as the employee read on its day: a Senior the day before, a Lead from it.
    const asOf = async (d: string) =>
      (await t.callAsAdmin<EmployeeView>({ method: 'GET', url: `/api/employees/${sofia.id}?asOf=${d}` }))
        .envelope.data;
    const [before, after] = [await asOf(addDays(day, -1)), await asOf(day)];
    expect([before.grade.name, after.grade.name]).toEqual(['Senior', 'Lead']);
    expect(timeline.map((p) => p.grossSalary)).toEqual([before.calculatedSalary, after.calculatedSalary]);
    expect(before.calculatedSalary!).toBeLessThan(after.calculatedSalary!);
  });

  it('refuses a database that already has data and changes nothing', async () => {
    const before = await t.callAsAdmin<EmployeeView[]>({ method: 'GET', url: '/api/employees' });
    const outcome = await runDemoSeed(t.database.db);
    expect(outcome).toEqual({ seeded: false, message: DEMO_REFUSED });
    const after = await t.callAsAdmin<EmployeeView[]>({ method: 'GET', url: '/api/employees' });
    expect(after.envelope.data).toEqual(before.envelope.data);
  });
});

import { calculateBody } from '@salary/shared/calculator/calculator.contract';
import { toCents } from '@salary/shared/common/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMediumServices, listFilters, type MediumContext } from '../support/medium.ts';
import { breakdownCompany } from '../support/twin-setups.ts';

/*
 * "Why this salary?" (insights.service.ts): each line names its rule, the lines add up, and its
 * figures equal the list's and the calculator's for the same profile. Its route — 422, 404,
 * and the lines each permission may see — is tested in breakdown.routes.test.ts.
 */

let t: MediumContext;
const ids = { job: 0, position: 0, grade: 0, level: 0, employee: 0, unpriced: 0, fixed: 0 };
const sum = (lines: { amount: number }[]) => lines.reduce((n, l) => n + toCents(l.amount), 0);

beforeAll(async () => {
  t = await buildMediumServices();
  Object.assign(ids, await breakdownCompany(t));
});
afterAll(async () => t.close());

const breakdown = (id: number) => t.services.insights.breakdown(t.admin, id);

describe('the breakdown of a salary', () => {
  it('names the rule of every line, and the lines add up to the list and the calculator', async () => {
    const b = await breakdown(ids.employee);
    expect(b.name).toBe('Ada Lovelace');
    expect(b.profile).toBe('Engineering / Backend · Senior / Level 2');
    expect(b.salaryLines.map((l) => [l.label, l.amount])).toEqual([
      ['Base salary · Senior / Level 2', 6500],
      ['Adjustment · Engineering / Backend +10%', 650],
      // 1.5% × 6 years of $7,150 = $643.50; $40 × 2.5 years; remote 3% of 7,150.
      ['Experience · 1.5% × 6 years', 643.5],
      ['Loyalty · $40.00 × 2.5 years', 100],
      ['Remote · 3%', 214.5],
      ['Custom · On call · $250.00', 250],
    ]);
    expect(b.adjustedSalary).toBe(7150);
    expect(sum(b.salaryLines)).toBe(toCents(b.grossSalary));
    expect(toCents(b.grossSalary) + sum(b.deductions)).toBe(toCents(b.netSalary));
    expect(toCents(b.grossSalary) + sum(b.costLines!)).toBe(toCents(b.totalCost!));
    expect(b.costLines!.map((l) => l.label)).toEqual([
      'Benefit · Health',
      'Benefit · Meal · 2.5% of gross',
      "Company's social insurance · 14% of gross (60% of it)",
    ]);
    expect(b.deductions.map((l) => l.label)).toEqual([
      "Employee's social insurance · 14% of gross (40% of it)",
    ]);

    // The list shows the same figures...
    const listed = await t.services.employees.list(t.admin, listFilters(''));
    const row = listed.find((e) => e.id === ids.employee)!;
    expect(row.calculatedSalary).toBe(b.grossSalary);
    expect(row.accumulatedCost).toBe(b.totalCost);
    // ...and so does the calculator for the same profile.
    const calc = await t.services.calculator.calculate(
      t.admin,
      calculateBody.parse({
        jobId: ids.job,
        positionId: ids.position,
        gradeId: ids.grade,
        levelId: ids.level,
        yearsExperience: 6,
        yearsWithCompany: 2.5,
        offshoreProject: false,
        actingAsDifferentGrade: false,
        pillar: false,
        remote: true,
        customMultipliers: JSON.stringify([{ title: 'On call', type: 'FIXED', value: 250, checked: true }]),
      }),
    );
    expect(calc.details.grossSalary).toBe(b.grossSalary);
    expect(calc.details.netSalary).toBe(b.netSalary);
    expect(calc.details.totalCost).toBe(b.totalCost);
  });

  it('writes a fixed adjustment as an amount', async () => {
    const b = await breakdown(ids.fixed);
    expect(b.salaryLines[1]).toEqual({
      kind: 'adjustment',
      label: 'Adjustment · Engineering / Frontend −$300.00',
      amount: -300,
    });
    expect(b.salaryLines[2]!.label).toBe('Experience · 1.5% × 1 year');
    expect(sum(b.salaryLines)).toBe(toCents(b.grossSalary));
  });
});

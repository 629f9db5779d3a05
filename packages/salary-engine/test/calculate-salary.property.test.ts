/**
 * Properties over random, realistic rules and profiles: whatever the inputs, the breakdown adds up to
 * the cent, the insurance split is whole, and the prepared path gives the same answer.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateSalary, calculateWithPrepared } from '../src/calculate-salary.ts';
import { prepareRules, withEmployeeRules } from '../src/prepare-rules.ts';
import type { Multiplier, SalaryDetails, SalaryProfile, SalaryRules } from '../src/salary-types.ts';

/** Dollars with at most 2 decimals, drawn as whole cents. */
const dollars = (min: number, max: number) =>
  fc.integer({ min: min * 100, max: max * 100 }).map((c) => c / 100);
/** Percent with at most 2 decimals. */
const percent = (min: number, max: number) =>
  fc.integer({ min: min * 100, max: max * 100 }).map((h) => h / 100);
const years = fc.integer({ min: 0, max: 50 * 100 }).map((h) => h / 100);

const multiplier: fc.Arbitrary<Multiplier> = fc.oneof(
  percent(-100, 100).map((value) => ({ value, type: 'PERCENTAGE' as const })),
  dollars(-5000, 5000).map((value) => ({ value, type: 'FIXED' as const })),
);

const adjustment: fc.Arbitrary<SalaryRules['adjustment']> = fc.oneof(
  fc.constant(null),
  fc
    .integer({ min: -10_000, max: 10_000 })
    .map((bp) => ({ type: 'PERCENTAGE' as const, factor: bp / 10_000 })),
  dollars(-20_000, 20_000).map((factor) => ({ type: 'FIXED' as const, factor })),
);

const customMultipliers: fc.Arbitrary<SalaryRules['customMultipliers']> = fc.array(
  fc.record({ title: fc.string({ maxLength: 12 }), value: multiplier }).map(({ title, value }) => ({
    title,
    ...value,
  })),
  { maxLength: 4 },
);

const rules: fc.Arbitrary<SalaryRules> = fc.record({
  baseSalary: dollars(0, 1_000_000),
  adjustment,
  multipliers: fc.record({
    experience: multiplier,
    loyalty: multiplier,
    offshore: multiplier,
    actingAs: multiplier,
    pillar: multiplier,
    remote: multiplier,
  }),
  benefits: fc.array(
    fc.oneof(
      fc.record({
        name: fc.string({ maxLength: 12 }),
        amount: dollars(0, 5000),
        type: fc.constant('FIXED_AMOUNT' as const),
      }),
      fc.record({
        name: fc.string({ maxLength: 12 }),
        amount: percent(0, 100),
        type: fc.constant('PERCENTAGE' as const),
      }),
    ),
    { maxLength: 4 },
  ),
  customMultipliers,
  socialInsurance: fc.record({
    enabled: fc.boolean(),
    type: fc.constantFrom('COMPANY_FULL' as const, 'COMPANY_PERCENTAGE' as const, 'EMPLOYEE_FULL' as const),
    companyPercentage: percent(0, 100),
    totalPercentage: percent(0, 100),
  }),
  applySocialInsurance: fc.boolean(),
});

const profile: fc.Arbitrary<SalaryProfile> = fc.record({
  yearsExperience: years,
  yearsWithCompany: years,
  offshoreProject: fc.boolean(),
  actingAsDifferentGrade: fc.boolean(),
  pillar: fc.boolean(),
  remote: fc.boolean(),
});

/** Exact for values with at most 2 decimals, which is what is being checked. */
const cents = (dollarsValue: number) => Math.round(dollarsValue * 100);
const sumCents = (rows: ReadonlyArray<{ amount: number }>) =>
  rows.reduce((sum, r) => sum + cents(r.amount), 0);
const hasAtMostTwoDecimals = (x: number) => Number.isFinite(x) && Math.round(x * 100) / 100 === x;

function moneyFigures(d: SalaryDetails): number[] {
  return [
    d.baseSalary,
    d.adjustmentAmount,
    d.adjustedSalary,
    d.totalAdjustments,
    d.totalBenefitsCost,
    d.grossSalary,
    d.netSalary,
    d.totalCost,
    d.socialInsuranceAmount,
    d.companySocialInsurance,
    d.employeeSocialInsurance,
    ...d.adjustmentDetails.map((r) => r.amount),
    ...d.customMultiplierDetails.map((r) => r.amount),
    ...d.selectedBenefits.map((r) => r.amount),
  ];
}

describe('calculateSalary: properties', () => {
  it('the breakdown adds up to the cent', () => {
    fc.assert(
      fc.property(rules, profile, (r, p) => {
        const { calculatedSalary, details: d } = calculateSalary(r, p);
        const rowsCents = sumCents(d.adjustmentDetails) + sumCents(d.customMultiplierDetails);
        expect(cents(d.totalAdjustments)).toBe(rowsCents);
        expect(cents(d.adjustedSalary)).toBe(cents(d.baseSalary) + cents(d.adjustmentAmount));
        const unclamped = cents(d.adjustedSalary) + rowsCents;
        expect(cents(d.grossSalary)).toBe(Math.max(unclamped, 0));
        expect(calculatedSalary).toBe(d.grossSalary);
        expect(cents(d.totalBenefitsCost)).toBe(sumCents(d.selectedBenefits));
      }),
      { numRuns: 500 },
    );
  });

  it('insurance splits whole; net and total cost follow from the shares', () => {
    fc.assert(
      fc.property(rules, profile, (r, p) => {
        const d = calculateSalary(r, p).details;
        expect(cents(d.companySocialInsurance) + cents(d.employeeSocialInsurance)).toBe(
          cents(d.socialInsuranceAmount),
        );
        expect(cents(d.netSalary)).toBe(cents(d.grossSalary) - cents(d.employeeSocialInsurance));
        expect(cents(d.totalCost)).toBe(
          cents(d.grossSalary) + cents(d.totalBenefitsCost) + cents(d.companySocialInsurance),
        );
        if (!(r.socialInsurance.enabled && r.applySocialInsurance)) expect(d.socialInsuranceAmount).toBe(0);
        expect(d.companySocialInsurance).toBeGreaterThanOrEqual(0);
        expect(d.employeeSocialInsurance).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });

  it('every money figure is dollars with at most 2 decimals', () => {
    fc.assert(
      fc.property(rules, profile, (r, p) => {
        const { calculatedSalary, details } = calculateSalary(r, p);
        for (const figure of [calculatedSalary, ...moneyFigures(details)]) {
          expect(hasAtMostTwoDecimals(figure), String(figure)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('has one row per applied multiplier and per selected benefit', () => {
    fc.assert(
      fc.property(rules, profile, (r, p) => {
        const d = calculateSalary(r, p).details;
        const flags = [p.offshoreProject, p.actingAsDifferentGrade, p.pillar, p.remote].filter(
          Boolean,
        ).length;
        expect(d.adjustmentDetails).toHaveLength(2 + flags);
        expect(d.customMultiplierDetails.map((row) => row.name)).toEqual(
          r.customMultipliers.map((c) => c.title),
        );
        expect(d.selectedBenefits.map((row) => row.name)).toEqual(r.benefits.map((b) => b.name));
      }),
      { numRuns: 200 },
    );
  });

  it('calculateSalary equals calculateWithPrepared(prepareRules(...))', () => {
    fc.assert(
      fc.property(rules, profile, (r, p) => {
        expect(calculateWithPrepared(prepareRules(r), p)).toEqual(calculateSalary(r, p));
      }),
      { numRuns: 300 },
    );
  });

  it('withEmployeeRules over shared settings equals preparing the whole rules', () => {
    fc.assert(
      fc.property(
        rules,
        dollars(0, 1_000_000),
        adjustment,
        customMultipliers,
        profile,
        (settings, baseSalary, adj, customs, p) => {
          const shared = prepareRules(settings);
          const employee = { baseSalary, adjustment: adj, customMultipliers: customs };
          expect(calculateWithPrepared(withEmployeeRules(shared, employee), p)).toEqual(
            calculateSalary({ ...settings, ...employee }, p),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is deterministic and leaves the inputs as they were', () => {
    fc.assert(
      fc.property(rules, profile, (r, p) => {
        const before = JSON.stringify([r, p]);
        expect(calculateSalary(r, p)).toEqual(calculateSalary(r, p));
        expect(JSON.stringify([r, p])).toBe(before);
      }),
      { numRuns: 100 },
    );
  });
});

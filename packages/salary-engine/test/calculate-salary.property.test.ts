/**
 * Properties over random, realistic rules and profiles, in the engine's own integers (cents,
 * basis points): whatever the inputs, the breakdown adds up to the cent, the insurance split is
 * whole, the prepared path gives the same answer, and the API's decimals say the same cents.
 */

import { decimalResultOf } from '@salary/shared/calculator/salary-decimals';
import { type BasisPoints, type Cents, toCents } from '@salary/shared/common/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateSalary, calculateWithPrepared, figuresWithPrepared } from '../src/calculate-salary.ts';
import { COMPONENT_PER, COMPONENT_WHEN, type PayComponent } from '../src/pay-components.ts';
import { prepareRules, withEmployeeRules } from '../src/prepare-rules.ts';
import type { Multiplier, SalaryProfile, SalaryRules } from '../src/salary-types.ts';

/** Money in whole cents, drawn between two dollar amounts. */
const centsBetween = (min: number, max: number) =>
  fc.integer({ min: min * 100, max: max * 100 }).map((c) => c as Cents);
/** A percent in basis points (hundredths of a percent), drawn between two percents. */
const basisPointsBetween = (min: number, max: number) =>
  fc.integer({ min: min * 100, max: max * 100 }).map((bp) => bp as BasisPoints);
const years = fc.integer({ min: 0, max: 50 * 100 }).map((h) => h / 100);

const multiplier: fc.Arbitrary<Multiplier> = fc.oneof(
  basisPointsBetween(-100, 100).map((value) => ({ value, type: 'PERCENTAGE' as const })),
  centsBetween(-5000, 5000).map((value) => ({ value, type: 'FIXED' as const })),
);

const adjustment: fc.Arbitrary<SalaryRules['adjustment']> = fc.oneof(
  fc.constant(null),
  fc
    .integer({ min: -10_000, max: 10_000 })
    .map((bp) => ({ type: 'PERCENTAGE' as const, factor: bp as BasisPoints })),
  centsBetween(-20_000, 20_000).map((factor) => ({ type: 'FIXED' as const, factor })),
);

const customMultipliers: fc.Arbitrary<SalaryRules['customMultipliers']> = fc.array(
  fc.record({ title: fc.string({ maxLength: 12 }), value: multiplier }).map(({ title, value }) => ({
    title,
    ...value,
  })),
  { maxLength: 4 },
);

/** An employee's own components: any type, frequency and condition of the vocabulary. */
const ownComponents: fc.Arbitrary<PayComponent[]> = fc.array(
  fc
    .record({
      name: fc.string({ maxLength: 12 }),
      value: multiplier,
      per: fc.constantFrom(...COMPONENT_PER),
      when: fc.constantFrom(...COMPONENT_WHEN),
    })
    .map(({ name, value, per, when }) => ({ name, ...value, per, when, line: 'ADJUSTMENT' as const })),
  { maxLength: 3 },
);

const rules: fc.Arbitrary<SalaryRules> = fc.record({
  baseSalary: centsBetween(0, 1_000_000),
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
        amount: centsBetween(0, 5000),
        type: fc.constant('FIXED_AMOUNT' as const),
      }),
      fc.record({
        name: fc.string({ maxLength: 12 }),
        amount: basisPointsBetween(0, 100),
        type: fc.constant('PERCENTAGE' as const),
      }),
    ),
    { maxLength: 4 },
  ),
  customMultipliers,
  socialInsurance: fc.record({
    enabled: fc.boolean(),
    type: fc.constantFrom('COMPANY_FULL' as const, 'COMPANY_PERCENTAGE' as const, 'EMPLOYEE_FULL' as const),
    companyPercentage: basisPointsBetween(0, 100),
    totalPercentage: basisPointsBetween(0, 100),
  }),
  applySocialInsurance: fc.boolean(),
  components: ownComponents,
});

const profile: fc.Arbitrary<SalaryProfile> = fc.record({
  yearsExperience: years,
  yearsWithCompany: years,
  offshoreProject: fc.boolean(),
  actingAsDifferentGrade: fc.boolean(),
  pillar: fc.boolean(),
  remote: fc.boolean(),
});

const sumCents = (rows: ReadonlyArray<{ amount: number }>) => rows.reduce((sum, r) => sum + r.amount, 0);

type Rows = ReadonlyArray<{ amount: number }>;
type MoneyDetails = Record<
  | 'baseSalary'
  | 'adjustmentAmount'
  | 'adjustedSalary'
  | 'totalAdjustments'
  | 'totalBenefitsCost'
  | 'grossSalary'
  | 'netSalary'
  | 'totalCost'
  | 'socialInsuranceAmount'
  | 'companySocialInsurance'
  | 'employeeSocialInsurance',
  number
> &
  Record<'adjustmentDetails' | 'customMultiplierDetails' | 'selectedBenefits', Rows>;

/** Every money figure of a result, in its order: the engine's cents or the API's dollars. */
function moneyFigures(d: MoneyDetails): number[] {
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
        expect(d.totalAdjustments).toBe(rowsCents);
        expect(d.adjustedSalary).toBe(d.baseSalary + d.adjustmentAmount);
        const unclamped = d.adjustedSalary + rowsCents;
        expect(d.grossSalary).toBe(Math.max(unclamped, 0));
        expect(calculatedSalary).toBe(d.grossSalary);
        expect(d.totalBenefitsCost).toBe(sumCents(d.selectedBenefits));
      }),
      { numRuns: 500 },
    );
  });

  it('insurance splits whole; net and total cost follow from the shares', () => {
    fc.assert(
      fc.property(rules, profile, (r, p) => {
        const d = calculateSalary(r, p).details;
        expect(d.companySocialInsurance + d.employeeSocialInsurance).toBe(d.socialInsuranceAmount);
        expect(d.netSalary).toBe(d.grossSalary - d.employeeSocialInsurance);
        expect(d.totalCost).toBe(d.grossSalary + d.totalBenefitsCost + d.companySocialInsurance);
        if (!(r.socialInsurance.enabled && r.applySocialInsurance)) expect(d.socialInsuranceAmount).toBe(0);
        expect(d.companySocialInsurance).toBeGreaterThanOrEqual(0);
        expect(d.employeeSocialInsurance).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });

  it('every money figure is whole cents, and the API decimal of each says the same cents', () => {
    fc.assert(
      fc.property(rules, profile, (r, p) => {
        const result = calculateSalary(r, p);
        const figures = [result.calculatedSalary, ...moneyFigures(result.details)];
        for (const figure of figures) expect(Number.isSafeInteger(figure), String(figure)).toBe(true);
        const decimal = decimalResultOf(result);
        const decimals = [decimal.calculatedSalary, ...moneyFigures(decimal.details)];
        // toCents refuses a third decimal: each dollar figure is exactly its cents.
        expect(decimals.map((d) => toCents(d))).toEqual(figures);
      }),
      { numRuns: 300 },
    );
  });

  it('reports rule values and ratios as the integers it computed with', () => {
    fc.assert(
      fc.property(rules, profile, (r, p) => {
        const d = calculateSalary(r, p).details;
        const rows = [...d.adjustmentDetails, ...d.customMultiplierDetails];
        for (const row of rows) expect(Number.isSafeInteger(row.value)).toBe(true);
        for (const ratio of [d.adjustmentFactor, d.experienceMultiplier, d.loyaltyMultiplier]) {
          expect(Number.isSafeInteger(ratio), String(ratio)).toBe(true);
          expect(Object.is(ratio, -0)).toBe(false);
        }
        if (r.adjustment?.type === 'PERCENTAGE' && d.baseSalary !== 0)
          expect(d.adjustmentFactor).toBe(r.adjustment.factor * 100);
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
        const flagOf = { OFFSHORE_PROJECT: 0, ACTING_AS_DIFFERENT_GRADE: 1, PILLAR: 2, REMOTE: 3 } as const;
        const set = [p.offshoreProject, p.actingAsDifferentGrade, p.pillar, p.remote];
        const own = (r.components ?? []).filter((c) => c.when === 'ALWAYS' || set[flagOf[c.when]]);
        expect(d.adjustmentDetails).toHaveLength(2 + flags + own.length);
        expect(d.adjustmentDetails.slice(2 + flags).map((row) => row.name)).toEqual(own.map((c) => c.name));
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

  it('figuresWithPrepared answers the totals of the breakdown, or fails as it does', () => {
    fc.assert(
      fc.property(rules, profile, (r, p) => {
        const prepared = prepareRules(r);
        let whole: ReturnType<typeof calculateWithPrepared> | Error;
        try {
          whole = calculateWithPrepared(prepared, p);
        } catch (error) {
          whole = error as Error;
        }
        if (whole instanceof Error) {
          expect(() => figuresWithPrepared(prepared, p)).toThrow(whole.message);
          return;
        }
        const d = whole.details;
        expect(figuresWithPrepared(prepared, p)).toMatchObject({
          grossSalary: d.grossSalary,
          totalCost: d.totalCost,
          adjustedSalary: d.adjustedSalary,
          totalBenefitsCost: d.totalBenefitsCost,
          companySocialInsurance: d.companySocialInsurance,
        });
      }),
      { numRuns: 500 },
    );
  });

  it('withEmployeeRules over shared settings equals preparing the whole rules', () => {
    fc.assert(
      fc.property(
        rules,
        centsBetween(0, 1_000_000),
        adjustment,
        customMultipliers,
        ownComponents,
        profile,
        (settings, baseSalary, adj, customs, components, p) => {
          const shared = prepareRules({ ...settings, components: [] });
          const employee = { baseSalary, adjustment: adj, customMultipliers: customs, components };
          expect(calculateWithPrepared(withEmployeeRules(shared, employee), p)).toEqual(
            calculateSalary({ ...settings, ...employee }, p),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it("an employee's own component adds what its definition says, to the cent", () => {
    // Independent of the engine: exact rationals in BigInt, rounded half away from zero once.
    const roundDiv = (n: bigint, d: bigint) => {
      const q = (2n * (n < 0n ? -n : n) + d) / (2n * d);
      return Number(n < 0n ? -q : q);
    };
    fc.assert(
      fc.property(rules, profile, ownComponents, (r, p, components) => {
        const without = calculateSalary({ ...r, components: [] }, p).details;
        const withOwn = calculateSalary({ ...r, components }, p).details;
        const adjusted = BigInt(without.adjustedSalary);
        const flags = {
          OFFSHORE_PROJECT: p.offshoreProject,
          ACTING_AS_DIFFERENT_GRADE: p.actingAsDifferentGrade,
          PILLAR: p.pillar,
          REMOTE: p.remote,
        };
        const expected = components
          .filter((c) => c.when === 'ALWAYS' || flags[c.when])
          .map((c) => {
            const hundredths = BigInt(
              Math.round(
                (c.per === 'YEAR_OF_EXPERIENCE'
                  ? p.yearsExperience
                  : c.per === 'YEAR_WITH_COMPANY'
                    ? p.yearsWithCompany
                    : 1) * 100,
              ),
            );
            return c.type === 'FIXED'
              ? roundDiv(BigInt(c.value) * hundredths, 100n)
              : roundDiv(adjusted * BigInt(c.value) * hundredths, 10_000n * 100n);
          });
        const rows = withOwn.adjustmentDetails.slice(without.adjustmentDetails.length);
        expect(rows.map((row) => row.amount)).toEqual(expected);
        const added = expected.reduce((a, b) => a + b, 0);
        expect(withOwn.totalAdjustments).toBe(without.totalAdjustments + added);
        // What a salary band compares beside the adjusted salary: these alone, no custom multiplier.
        expect(figuresWithPrepared(prepareRules({ ...r, components }), p).ownComponents).toBe(added);
        expect(withOwn.grossSalary).toBe(
          Math.max(0, without.adjustedSalary + without.totalAdjustments + added),
        );
      }),
      { numRuns: 500 },
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

import { calculateSalary } from '@salary/salary-engine/calculate-salary';
import { calculateBody } from '@salary/shared/calculator/calculator.contract';
import { decimalResultOf } from '@salary/shared/calculator/salary-decimals';
import type { BasisPoints, Cents } from '@salary/shared/common/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company } from '../support/factories.ts';
import { buildMediumServices, type MediumActor, type MediumContext } from '../support/medium.ts';
import { calculatorCompany, calculatorProfile, CALCULATOR_PERSON as PERSON } from '../support/twin-setups.ts';

/*
 * The calculator's pricing of a profile on the stored rules (calculator.service.ts): by hand, by
 * the engine, with benefits left out and social insurance skipped. Its route — the message,
 * refusals, permissions — is tested in calculator.routes.test.ts.
 */

const bp = (n: number) => n as BasisPoints;

let t: MediumContext;
let company: Company;
/** showSalary + showCost: sees every figure. */
let plain: MediumActor;

beforeAll(async () => {
  t = await buildMediumServices();
  company = await calculatorCompany(t);
  plain = await t.newActor({ showSalary: true, showCost: true });
});
afterAll(async () => t.close());

const profile = () => calculatorProfile(company);

/** POST /api/calculate's body, as `plain` (showSalary + showCost). */
const calculate = (payload: object) => t.services.calculator.calculate(plain, calculateBody.parse(payload));

describe('the calculator on the stored rules', () => {
  it('prices a profile exactly as worked out by hand', async () => {
    const { calculatedSalary, details } = await calculate(profile());
    // 5000 + 10% = 5500; experience 2% × 3 = 330; loyalty $50 × 2 = 100; remote 5% = 275; custom $100.
    expect(calculatedSalary).toBe(6305);
    expect(details).toMatchObject({
      baseSalary: 5000,
      adjustmentFactor: 0.1,
      experienceMultiplier: 6,
      totalAdjustments: 805,
      grossSalary: 6305,
      // Health $200 + Meal 5% of 6305 = 315.25
      totalBenefitsCost: 515.25,
      // 14% of 6305 = 882.70; company 75% = 662.025 → 662.03; employee 220.67
      socialInsuranceAmount: 882.7,
      companySocialInsurance: 662.03,
      employeeSocialInsurance: 220.67,
      netSalary: 6084.33,
      totalCost: 7482.28,
    });
    expect(details.adjustmentDetails.map((r) => [r.name, r.amount])).toEqual([
      ['Experience', 330],
      ['Loyalty', 100],
      ['Remote', 275],
    ]);
    expect(details.customMultiplierDetails).toEqual([
      { name: 'Night shifts', type: 'FIXED', value: 100, amount: 100 },
    ]);
  });

  it('agrees with the engine run on the same stored rules', async () => {
    const res = await calculate(profile());
    // The same rules in the engine's integers, as they are stored: cents and basis points.
    const direct = calculateSalary(
      {
        baseSalary: 500_000 as Cents,
        adjustment: { type: 'PERCENTAGE', factor: bp(1_000) },
        multipliers: {
          experience: { value: bp(200), type: 'PERCENTAGE' },
          loyalty: { value: 5_000 as Cents, type: 'FIXED' },
          offshore: { value: bp(1_000), type: 'PERCENTAGE' },
          actingAs: { value: bp(0), type: 'PERCENTAGE' },
          pillar: { value: bp(0), type: 'PERCENTAGE' },
          remote: { value: bp(500), type: 'PERCENTAGE' },
        },
        benefits: [
          { name: 'Health', amount: 20_000 as Cents, type: 'FIXED_AMOUNT' },
          { name: 'Meal', amount: bp(500), type: 'PERCENTAGE' },
        ],
        customMultipliers: [{ title: 'Night shifts', value: 10_000 as Cents, type: 'FIXED' }],
        socialInsurance: {
          enabled: true,
          type: 'COMPANY_PERCENTAGE',
          companyPercentage: bp(7_500),
          totalPercentage: bp(1_400),
        },
        applySocialInsurance: true,
      },
      PERSON,
    );
    expect(res.details).toEqual(decimalResultOf(direct).details);
  });

  it('leaves out benefits set to false, ignores unknown names, and can skip social insurance', async () => {
    const res = await calculate({
      ...profile(),
      benefits: JSON.stringify({ Meal: false, 'Not a benefit': true }),
      settings: { applySocialInsurance: false },
    });
    const d = res.details;
    expect(d.selectedBenefits.map((b) => b.name)).toEqual(['Health']);
    expect(d.totalBenefitsCost).toBe(200);
    expect(d.socialInsuranceAmount).toBe(0);
    expect(d.netSalary).toBe(6305);
    expect(d.totalCost).toBe(6505);
  });
});

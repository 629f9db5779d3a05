/**
 * The salary formula (docs/salary-formula.md). Pure: no I/O, no clock, no globals,
 * inputs are never mutated. Input, output and arithmetic are integers — cents for money, basis
 * points for percentages, millionths for the ratios it reports, hundredths for years — and each
 * line item is rounded once, half away from zero, so every total, being the sum of its rounded
 * lines, adds up to the cent.
 */

import type { Cents, PartsPerMillion } from '@salary/shared/common/money';
import { asEngineCents, mul3DivRound, mulDivRound, toScaledInteger } from './exact-math.ts';
import { applies } from './pay-components.ts';
import { type PreparedComponent, type PreparedRules, prepareRules } from './prepare-rules.ts';
import { BASE_SALARY_NOT_FOUND_MESSAGE, invalidNumber, SalaryEngineError } from './salary-engine-error.ts';
import { MAX_YEARS, YEARS_DECIMALS } from './salary-limits.ts';
import type { AdjustmentRow, BenefitRow, SalaryProfile, SalaryResult, SalaryRules } from './salary-types.ts';

/** 1 basis point = 1/10,000. */
const BP = 10_000;
/** 1 part per million = 1/1,000,000. */
const PPM = 1_000_000;

const asPpm = (n: number): PartsPerMillion => (n === 0 ? 0 : n) as PartsPerMillion;

export function calculateSalary(rules: SalaryRules, profile: SalaryProfile): SalaryResult {
  return calculateWithPrepared(prepareRules(rules), profile);
}

function yearsInHundredths(value: number, field: string): number {
  const hundredths = toScaledInteger(value, 100, 0, MAX_YEARS);
  if (Number.isNaN(hundredths)) throw invalidNumber(field, value, YEARS_DECIMALS, 0, MAX_YEARS);
  return hundredths;
}

/**
 * A component's cents: PERCENTAGE adjusted × value% (× years), FIXED value (× years); one
 * rounding. `yearHundredths` is null for a component applied once.
 */
export function componentCents(
  m: PreparedComponent,
  adjustedCents: Cents,
  yearHundredths: number | null,
): Cents {
  if (yearHundredths === null)
    return asEngineCents(m.type === 'PERCENTAGE' ? mulDivRound(adjustedCents, m.value, BP) : m.value);
  return asEngineCents(
    m.type === 'PERCENTAGE'
      ? mul3DivRound(adjustedCents, m.value, yearHundredths, BP * 100)
      : mulDivRound(m.value, yearHundredths, 100),
  );
}

/**
 * A per-year component's effect on the adjusted salary, in millionths (a percent to four
 * decimals): the exact rate value × years for PERCENTAGE (what the amount is before its cent
 * rounding), amount ÷ adjusted for FIXED. 0 when the adjusted salary is 0, since there is
 * nothing to be a share of.
 */
function effectPpm(
  m: PreparedComponent,
  amountCents: Cents,
  adjustedCents: Cents,
  yearHundredths: number,
): number {
  if (adjustedCents === 0) return 0;
  // bp × hundredths of a year = millionths.
  if (m.type === 'PERCENTAGE') return m.value * yearHundredths;
  return mulDivRound(amountCents, PPM, adjustedCents);
}

function row(m: PreparedComponent, cents: Cents): AdjustmentRow {
  return { name: m.name, type: m.type, value: m.value, amount: cents };
}

/** The figures a priced list needs of one profile: `calculateWithPrepared`'s totals, cents. */
export interface SalaryFigures {
  grossSalary: Cents;
  totalCost: Cents;
  adjustedSalary: Cents;
  totalBenefitsCost: Cents;
  companySocialInsurance: Cents;
  /**
   * The employee's own components on the adjustment line (an individual allowance), summed:
   * with `adjustedSalary`, the basic wage a salary band compares.
   */
  ownComponents: Cents;
}

/** The line items, collected when a breakdown is asked for. */
interface Lines {
  adjustmentDetails: AdjustmentRow[];
  customMultiplierDetails: AdjustmentRow[];
  selectedBenefits: BenefitRow[];
}

/** Runs one profile against rules converted once by prepareRules (or withEmployeeRules). */
export function calculateWithPrepared(prepared: PreparedRules, profile: SalaryProfile): SalaryResult {
  const lines: Lines = { adjustmentDetails: [], customMultiplierDetails: [], selectedBenefits: [] };
  const r = run(prepared, profile, lines);
  const c = asEngineCents;
  return {
    calculatedSalary: r.grossSalary,
    details: {
      baseSalary: r.baseCents,
      adjustmentFactor: r.adjustmentFactor,
      experienceMultiplier: asPpm(r.experiencePpm),
      loyaltyMultiplier: asPpm(r.loyaltyPpm),
      totalAdjustments: c(r.totalAdjustmentCents),
      adjustmentDetails: lines.adjustmentDetails,
      totalBenefitsCost: r.totalBenefitsCost,
      selectedBenefits: lines.selectedBenefits,
      grossSalary: r.grossSalary,
      netSalary: c(r.netCents),
      totalCost: r.totalCost,
      socialInsuranceAmount: c(r.insuranceCents),
      customMultiplierDetails: lines.customMultiplierDetails,
      companySocialInsurance: r.companySocialInsurance,
      employeeSocialInsurance: c(r.employeeCents),
      adjustmentAmount: c(r.adjustmentCents),
      adjustedSalary: r.adjustedSalary,
    },
  };
}

/** The totals only, by the same arithmetic as `calculateWithPrepared` (no line items built). */
export function figuresWithPrepared(prepared: PreparedRules, profile: SalaryProfile): SalaryFigures {
  return run(prepared, profile, null);
}

/** The formula, once: the line items go to `lines` when given. */
function run(prepared: PreparedRules, profile: SalaryProfile, lines: Lines | null) {
  const baseCents = prepared.baseCents;
  if (baseCents === null) throw new SalaryEngineError('BASE_SALARY_NOT_FOUND', BASE_SALARY_NOT_FOUND_MESSAGE);
  const experienceYears = yearsInHundredths(profile.yearsExperience, 'yearsExperience');
  const loyaltyYears = yearsInHundredths(profile.yearsWithCompany, 'yearsWithCompany');

  // Step 2: the (job, position) adjustment.
  const adj = prepared.adjustment;
  let adjustmentCents = 0;
  let adjustmentFactor = asPpm(0);
  if (adj !== null) {
    // A fixed amount applies even on a zero base; there is just no share of base to report then.
    adjustmentCents = adj.type === 'PERCENTAGE' ? mulDivRound(baseCents, adj.factor, BP) : adj.factor;
    if (baseCents !== 0) {
      adjustmentFactor = asPpm(
        adj.type === 'PERCENTAGE' ? adj.factor * (PPM / BP) : mulDivRound(adjustmentCents, PPM, baseCents),
      );
    }
  }
  const adjustedCents = asEngineCents(baseCents + adjustmentCents);

  // Steps 3 and 4: the components, additive on the adjusted salary — the company's six
  // multipliers, then the employee's checked custom multipliers and own components. A per-year
  // component always applies (a row even at 0 years keeps the breakdown's shape stable).
  let totalAdjustmentCents = 0;
  let ownCents = 0;
  let experiencePpm = 0;
  let loyaltyPpm = 0;
  for (let k = 0; k < 2; k++) {
    for (const m of k === 0 ? prepared.company : prepared.own) {
      if (!applies(m.when, profile)) continue;
      const years = m.per === 'ONCE' ? null : m.per === 'YEAR_OF_EXPERIENCE' ? experienceYears : loyaltyYears;
      const cents = componentCents(m, adjustedCents, years);
      totalAdjustmentCents += cents;
      if (k === 1 && m.line === 'ADJUSTMENT') ownCents += cents;
      if (lines === null) continue;
      if (m.per === 'YEAR_OF_EXPERIENCE')
        experiencePpm += effectPpm(m, cents, adjustedCents, experienceYears);
      else if (m.per === 'YEAR_WITH_COMPANY') loyaltyPpm += effectPpm(m, cents, adjustedCents, loyaltyYears);
      (m.line === 'CUSTOM_MULTIPLIER' ? lines.customMultiplierDetails : lines.adjustmentDetails).push(
        row(m, cents),
      );
    }
  }

  // Step 5: gross never goes below zero.
  const sum = adjustedCents + totalAdjustmentCents;
  const grossCents = asEngineCents(Math.max(sum, 0));

  // Step 6: benefits are a company cost on top of gross, not pay.
  let benefitsCents = 0;
  for (const b of prepared.benefits) {
    const cents = asEngineCents(b.type === 'FIXED_AMOUNT' ? b.amount : mulDivRound(grossCents, b.amount, BP));
    lines?.selectedBenefits.push({ name: b.name, type: b.type, amount: cents });
    benefitsCents += cents;
  }

  // Step 7: social insurance; the employee's share is the remainder, so the two always add up.
  const si = prepared.socialInsurance;
  let insuranceCents = 0;
  let companyCents = 0;
  if (si !== null) {
    insuranceCents = mulDivRound(grossCents, si.totalBp, BP);
    if (si.type === 'COMPANY_FULL') companyCents = insuranceCents;
    else if (si.type === 'COMPANY_PERCENTAGE') companyCents = mulDivRound(insuranceCents, si.companyBp, BP);
  }
  const employeeCents = insuranceCents - companyCents;

  // Step 8.
  const netCents = grossCents - employeeCents;
  const totalCostCents = grossCents + benefitsCents + companyCents;
  if (!Number.isSafeInteger(totalCostCents) || !Number.isSafeInteger(sum)) {
    throw new SalaryEngineError(
      'INVALID_INPUT',
      'Invalid salary input: the result is too large to compute exactly',
    );
  }
  const c = asEngineCents;
  return {
    baseCents,
    adjustmentFactor,
    adjustmentCents,
    experiencePpm,
    loyaltyPpm,
    totalAdjustmentCents,
    insuranceCents,
    employeeCents,
    netCents,
    grossSalary: grossCents,
    totalCost: c(totalCostCents),
    adjustedSalary: adjustedCents,
    totalBenefitsCost: c(benefitsCents),
    companySocialInsurance: c(companyCents),
    ownComponents: c(ownCents),
  };
}

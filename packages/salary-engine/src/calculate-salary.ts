/**
 * The salary formula (docs/salary-formula.md). Pure: no I/O, no clock, no globals,
 * inputs are never mutated. Input, output and arithmetic are integers — cents for money, basis
 * points for percentages, millionths for the ratios it reports, hundredths for years — and each
 * line item is rounded once, half away from zero, so every total, being the sum of its rounded
 * lines, adds up to the cent.
 */

import type { Cents, PartsPerMillion } from '@salary/shared/common/money';
import { asEngineCents, mul3DivRound, mulDivRound, toScaledInteger } from './exact-math.ts';
import { type PreparedMultiplier, type PreparedRules, prepareRules } from './prepare-rules.ts';
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

/** Per-year multiplier: PERCENTAGE adjusted × value% × years, FIXED value × years; one rounding. */
function perYearCents(m: PreparedMultiplier, adjustedCents: Cents, yearHundredths: number): Cents {
  return asEngineCents(
    m.type === 'PERCENTAGE'
      ? mul3DivRound(adjustedCents, m.value, yearHundredths, BP * 100)
      : mulDivRound(m.value, yearHundredths, 100),
  );
}

function onceCents(m: PreparedMultiplier, adjustedCents: Cents): Cents {
  return asEngineCents(m.type === 'PERCENTAGE' ? mulDivRound(adjustedCents, m.value, BP) : m.value);
}

/**
 * A per-year multiplier's total effect on the adjusted salary, in millionths (a percent to four
 * decimals): the exact rate value × years for PERCENTAGE (what the amount is before its cent
 * rounding), amount ÷ adjusted for FIXED. 0 when the adjusted salary is 0, since there is
 * nothing to be a share of.
 */
function effectPercent(
  m: PreparedMultiplier,
  amountCents: Cents,
  adjustedCents: Cents,
  yearHundredths: number,
): PartsPerMillion {
  if (adjustedCents === 0) return asPpm(0);
  // bp × hundredths of a year = millionths (never -0: a negative rate over 0 years).
  if (m.type === 'PERCENTAGE') return asPpm(m.value * yearHundredths);
  return asPpm(mulDivRound(amountCents, PPM, adjustedCents));
}

function row(m: PreparedMultiplier, cents: Cents): AdjustmentRow {
  return { name: m.name, type: m.type, value: m.value, amount: cents };
}

/** The figures a priced list needs of one profile: `calculateWithPrepared`'s totals, cents. */
export interface SalaryFigures {
  grossSalary: Cents;
  totalCost: Cents;
  adjustedSalary: Cents;
  totalBenefitsCost: Cents;
  companySocialInsurance: Cents;
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
      experienceMultiplier: effectPercent(
        prepared.experience,
        r.experienceCents,
        r.adjustedSalary,
        r.experienceYears,
      ),
      loyaltyMultiplier: effectPercent(prepared.loyalty, r.loyaltyCents, r.adjustedSalary, r.loyaltyYears),
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

  // Step 3: the six base multipliers, additive on the adjusted salary. Experience and loyalty
  // always apply (a row even at 0 years keeps the breakdown's shape stable); flags apply once.
  const experienceCents = perYearCents(prepared.experience, adjustedCents, experienceYears);
  const loyaltyCents = perYearCents(prepared.loyalty, adjustedCents, loyaltyYears);
  const rows = lines?.adjustmentDetails;
  rows?.push(row(prepared.experience, experienceCents), row(prepared.loyalty, loyaltyCents));
  let totalAdjustmentCents = experienceCents + loyaltyCents;
  if (profile.offshoreProject) totalAdjustmentCents += once(rows, prepared.offshore, adjustedCents);
  if (profile.actingAsDifferentGrade) totalAdjustmentCents += once(rows, prepared.actingAs, adjustedCents);
  if (profile.pillar) totalAdjustmentCents += once(rows, prepared.pillar, adjustedCents);
  if (profile.remote) totalAdjustmentCents += once(rows, prepared.remote, adjustedCents);

  // Step 4: checked custom multipliers, same two types, applied once.
  for (const m of prepared.customMultipliers)
    totalAdjustmentCents += once(lines?.customMultiplierDetails, m, adjustedCents);

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
    experienceYears,
    loyaltyYears,
    experienceCents,
    loyaltyCents,
    totalAdjustmentCents,
    insuranceCents,
    employeeCents,
    netCents,
    grossSalary: grossCents,
    totalCost: c(totalCostCents),
    adjustedSalary: adjustedCents,
    totalBenefitsCost: c(benefitsCents),
    companySocialInsurance: c(companyCents),
  };
}

/** A once-applied multiplier's cents, its line pushed to `rows` when collected. */
function once(rows: AdjustmentRow[] | undefined, m: PreparedMultiplier, adjustedCents: Cents): Cents {
  const cents = onceCents(m, adjustedCents);
  rows?.push(row(m, cents));
  return cents;
}

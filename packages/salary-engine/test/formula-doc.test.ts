/**
 * docs/salary-formula.md is executable: its worked example is run through the engine and every
 * figure compared, and its "How Multipliers Work" list must quote the engine's list word for word.
 */

import { readFileSync } from 'node:fs';
import { type Cents, fromCents } from '@salary/shared/common/money';
import { describe, expect, it } from 'vitest';
import { calculateSalary } from '../src/calculate-salary.ts';
import { HOW_MULTIPLIERS_WORK } from '../src/formula-explained.ts';
import type { SalaryDetails, SalaryProfile, SalaryRules } from '../src/salary-types.ts';

const doc = readFileSync(new URL('../../../docs/salary-formula.md', import.meta.url), 'utf8');

interface WorkedExample {
  rules: SalaryRules;
  profile: SalaryProfile;
  expected: SalaryDetails;
}

function workedExample(): WorkedExample {
  const blocks = [...doc.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => m[1]!);
  const parsed = blocks.map((text) => JSON.parse(text) as Partial<WorkedExample>);
  const examples = parsed.filter((b) => b.rules && b.profile && b.expected);
  expect(examples, 'exactly one ```json block with rules, profile and expected').toHaveLength(1);
  return examples[0] as WorkedExample;
}

/** The doc's prose and tables write money en-US with two decimals, e.g. 5,700.91 (570091 cents). */
const asWritten = (cents: Cents) =>
  fromCents(cents).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe('docs/salary-formula.md', () => {
  const example = workedExample();
  const { details, calculatedSalary } = calculateSalary(example.rules, example.profile);

  it('the worked example exercises what the doc promises', () => {
    const { rules, profile } = example;
    expect(rules.adjustment?.type).toBe('PERCENTAGE');
    expect(profile.yearsExperience).toBeGreaterThan(0);
    expect(profile.yearsWithCompany).toBeGreaterThan(0);
    expect(rules.customMultipliers).toHaveLength(1);
    expect(rules.benefits.map((b) => b.type).sort()).toEqual(['FIXED_AMOUNT', 'PERCENTAGE']);
    expect(rules.socialInsurance.type).toBe('COMPANY_PERCENTAGE');
  });

  it('the engine gives every figure of the worked example', () => {
    expect(details).toEqual(example.expected);
    expect(calculatedSalary).toBe(example.expected.grossSalary);
  });

  it("the example's tables show the same money figures as its JSON", () => {
    // Cells of every table before the JSON block, trimmed, so column padding does not matter.
    const cells = new Set(
      doc
        .slice(0, doc.indexOf('```json'))
        .split('\n')
        .filter((line) => line.startsWith('|'))
        .flatMap((line) => line.split('|').map((cell) => cell.trim())),
    );
    const figures = [
      details.baseSalary,
      details.adjustmentAmount,
      details.adjustedSalary,
      details.totalAdjustments,
      details.grossSalary,
      details.totalBenefitsCost,
      details.socialInsuranceAmount,
      details.companySocialInsurance,
      details.employeeSocialInsurance,
      details.netSalary,
      details.totalCost,
      ...details.adjustmentDetails.map((r) => r.amount),
      ...details.customMultiplierDetails.map((r) => r.amount),
      ...details.selectedBenefits.map((r) => r.amount),
    ];
    for (const figure of figures) expect(cells, asWritten(figure)).toContain(asWritten(figure));
  });

  it('quotes the How Multipliers Work list word for word', () => {
    for (const sentence of HOW_MULTIPLIERS_WORK) expect(doc).toContain(`- ${sentence}\n`);
  });
});

describe('HOW_MULTIPLIERS_WORK', () => {
  it('is 6 to 9 plain sentences', () => {
    expect(HOW_MULTIPLIERS_WORK.length).toBeGreaterThanOrEqual(6);
    expect(HOW_MULTIPLIERS_WORK.length).toBeLessThanOrEqual(9);
    for (const sentence of HOW_MULTIPLIERS_WORK) {
      expect(sentence).toMatch(/^[A-Z].*\.$/);
      expect(sentence).not.toMatch(/[*_`#[\]<>]/);
    }
  });
});

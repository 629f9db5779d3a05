import type { SalaryResult } from '@salary/salary-engine/salary-types';
import { decimalResultOf } from '@salary/shared/calculator/salary-decimals';
import { formatNumber } from '@salary/shared/common/date-time';
import {
  type BasisPoints,
  basisPointsToPercent,
  formatMoney,
  fromFactorUnits,
  fromRuleUnits,
  type MoneyFormat,
} from '@salary/shared/common/money';
import type { Breakdown, BreakdownLine } from '@salary/shared/insights/insights.contract';
import type { EmployeeRecord, FactorRecord } from '../pricing/pricing.repository.ts';
import type { RuleSettings } from '../settings/settings.repository.ts';

/*
 * "Why this salary?": the engine's result as lines that each name the rule that produced
 * them. Pure, so its wording is tested without a database. The amounts are the engine's
 * rounded lines, so they add up to its totals to the cent.
 */

const PER_YEAR: Record<string, 'yearsExperience' | 'yearsWithCompany'> = {
  Experience: 'yearsExperience',
  Loyalty: 'yearsWithCompany',
};

/** The rule texts in the company's currency and digits. */
function textsIn(format: MoneyFormat) {
  const money = (value: number) => formatMoney(value, format);
  const percent = (value: number) => `${formatNumber(value, format)}%`;
  const years = (n: number) => `${formatNumber(n, format)} ${n === 1 ? 'year' : 'years'}`;
  return {
    percent,
    /** "1.5% × 6 years", "$100.00 × 6 years", "5%", "$300.00". */
    ruleText(type: 'PERCENTAGE' | 'FIXED', value: number, perYear: number | undefined): string {
      const each = type === 'PERCENTAGE' ? percent(value) : money(value);
      return perYear === undefined ? each : `${each} × ${years(perYear)}`;
    },
    adjustmentText(factor: FactorRecord): string {
      // A PERCENTAGE factor's basis points read as a percent (1525 → 15.25%), a FIXED one's cents as money.
      const shown =
        factor.type === 'FIXED'
          ? money(Math.abs(fromFactorUnits(factor.factor, 'FIXED')))
          : percent(Math.abs(basisPointsToPercent(factor.factor as BasisPoints)));
      return signed(shown, factor.factor < 0);
    },
  };
}

const signed = (text: string, negative: boolean) => (negative ? `−${text}` : `+${text}`);

export function breakdownOf(
  employee: EmployeeRecord,
  result: SalaryResult,
  factor: FactorRecord | null,
  rules: Pick<RuleSettings, 'socialInsurance' | 'benefits'>,
  showCost: boolean,
  format: MoneyFormat,
): Breakdown {
  const { percent, ruleText, adjustmentText } = textsIn(format);
  // The lines show the API's decimals: the engine's cents and basis points converted here.
  const { details } = decimalResultOf(result);
  const settings = {
    socialInsuranceType: rules.socialInsurance.type,
    totalInsurancePercentage: basisPointsToPercent(rules.socialInsurance.totalPercentage),
    companyInsurancePercentage: basisPointsToPercent(rules.socialInsurance.companyPercentage),
    benefits: rules.benefits.map((b) => ({ name: b.name, amount: fromRuleUnits(b.amount, b.type) })),
  };
  const jobPosition = `${employee.jobName} / ${employee.positionName}`;
  const gradeLevel = `${employee.gradeName} / ${employee.levelName}`;
  const salaryLines: BreakdownLine[] = [
    { kind: 'base', label: `Base salary · ${gradeLevel}`, amount: details.baseSalary },
  ];
  if (factor)
    salaryLines.push({
      kind: 'adjustment',
      label: `Adjustment · ${jobPosition} ${adjustmentText(factor)}`,
      amount: details.adjustmentAmount,
    });
  for (const row of details.adjustmentDetails) {
    const yearsKey = PER_YEAR[row.name];
    salaryLines.push({
      kind: 'multiplier',
      label: `${row.name} · ${ruleText(row.type, row.value, yearsKey ? employee[yearsKey] : undefined)}`,
      amount: row.amount,
    });
  }
  for (const row of details.customMultiplierDetails)
    salaryLines.push({
      kind: 'custom',
      label: `Custom · ${row.name} · ${ruleText(row.type, row.value, undefined)}`,
      amount: row.amount,
    });

  const insuranceRate = percent(settings.totalInsurancePercentage);
  const employeeShare =
    settings.socialInsuranceType === 'EMPLOYEE_FULL'
      ? ' (all of it)'
      : settings.socialInsuranceType === 'COMPANY_PERCENTAGE'
        ? ` (${percent(100 - settings.companyInsurancePercentage)} of it)`
        : '';
  const companyShare =
    settings.socialInsuranceType === 'COMPANY_FULL'
      ? ' (all of it)'
      : settings.socialInsuranceType === 'COMPANY_PERCENTAGE'
        ? ` (${percent(settings.companyInsurancePercentage)} of it)`
        : '';
  const deductions: BreakdownLine[] =
    details.employeeSocialInsurance !== 0
      ? [
          {
            kind: 'insurance',
            label: `Employee's social insurance · ${insuranceRate} of gross${employeeShare}`,
            amount: -details.employeeSocialInsurance,
          },
        ]
      : [];
  const out: Breakdown = {
    employeeId: employee.id,
    name: employee.name,
    profile: `${jobPosition} · ${gradeLevel}`,
    salaryLines,
    adjustedSalary: details.adjustedSalary,
    grossSalary: details.grossSalary,
    deductions,
    netSalary: details.netSalary,
  };
  if (showCost) {
    const costLines: BreakdownLine[] = details.selectedBenefits.map((b) => ({
      kind: 'benefit',
      label: `Benefit · ${b.name}${b.type === 'PERCENTAGE' ? ` · ${percent(settings.benefits.find((s) => s.name === b.name)?.amount ?? 0)} of gross` : ''}`,
      amount: b.amount,
    }));
    if (details.companySocialInsurance !== 0)
      costLines.push({
        kind: 'insurance',
        label: `Company's social insurance · ${insuranceRate} of gross${companyShare}`,
        amount: details.companySocialInsurance,
      });
    out.costLines = costLines;
    out.totalCost = details.totalCost;
  }
  return out;
}

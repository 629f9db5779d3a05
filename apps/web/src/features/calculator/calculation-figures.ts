import type { CalculationDetails, CalculationResult } from '@salary/shared/calculator/calculator.contract';
import { BASE_MULTIPLIERS } from '@salary/shared/settings/settings.contract';
import { formatAdjustmentFactor, formatDollars, formatPercentOneDecimal } from './calculation-format.ts';
import { adjustmentRule, multiplierLine, type YearsUsed } from './calculation-lines.ts';

/** One row of the Calculation Details panel: what Figure draws. */
export interface FigureRow {
  /** React's key: the id, unless ids may repeat (custom multipliers may share a title). */
  key: string;
  /** Stable name of the figure (data-row; tests read the panel by it). */
  id: string;
  label: string;
  hint?: string;
  value: string;
  strong?: boolean;
}

/** One titled table of the panel. */
export interface FigureSection {
  title: string;
  rows: FigureRow[];
}

/** The answer's single amounts; the two insurance shares are read off the result itself. */
type Amounts = CalculationDetails &
  Pick<CalculationResult, 'employeeSocialInsurance' | 'companySocialInsurance'>;

interface Fixed {
  label: string;
  hint?: string | ((d: CalculationDetails) => string);
  /** Dollars unless said otherwise. */
  format?(value: number): string;
  strong?: boolean;
}

/** The panel's figures that stand once, by the answer's key (the row's id). */
const FIXED = {
  baseSalary: { label: 'Base Salary' },
  adjustmentFactor: {
    label: 'Adjustment Factor',
    hint: 'Job and position adjustment, in percent of base',
    format: formatAdjustmentFactor,
  },
  adjustmentAmount: { label: 'Job and Position Adjustment', hint: adjustmentRule },
  adjustedSalary: {
    label: 'Adjusted Salary',
    hint: 'Base salary plus the adjustment: what the multipliers apply to',
    strong: true,
  },
  totalAdjustments: { label: 'Total Adjustments', strong: true },
  grossSalary: { label: 'Gross Salary', hint: 'Adjusted salary plus total adjustments', strong: true },
  totalBenefitsCost: { label: 'Total Benefits Cost', strong: true },
  socialInsuranceAmount: { label: 'Social Insurance' },
  employeeSocialInsurance: { label: 'Employee Share', hint: 'Deducted from the gross salary' },
  companySocialInsurance: { label: 'Company Share', hint: 'Paid by the company on top' },
  netSalary: { label: 'Net Salary', strong: true },
  totalCost: {
    label: 'Total Cost',
    hint: "Gross salary, benefits and the company's insurance share",
    strong: true,
  },
  experienceMultiplier: {
    label: 'Experience Multiplier',
    hint: 'Total effect of experience, in percent of the adjusted salary',
    format: formatPercentOneDecimal,
  },
  loyaltyMultiplier: {
    label: 'Loyalty Multiplier',
    hint: 'Total effect of years with the company, in percent of the adjusted salary',
    format: formatPercentOneDecimal,
  },
} satisfies { [K in keyof Amounts]?: Amounts[K] extends number | undefined ? Fixed : never };

type FixedId = keyof typeof FIXED;

// Experience and loyalty apply once per year of experience / with the company.
const EXPERIENCE = BASE_MULTIPLIERS[0].label;
const LOYALTY = BASE_MULTIPLIERS[1].label;

/**
 * The breakdown of one calculation, section by section. Cost figures (benefits, the company's
 * insurance share, total cost) are absent from the answer without showCost, and so are their
 * rows; without selected benefits there is no Benefits section.
 */
export function calculationSections(result: CalculationResult, years: YearsUsed): FigureSection[] {
  const d = result.details;
  const amounts: Amounts = {
    ...d,
    employeeSocialInsurance: result.employeeSocialInsurance,
    companySocialInsurance: result.companySocialInsurance,
  };
  const fixed = (...ids: FixedId[]): FigureRow[] =>
    ids.flatMap((id) => {
      const value = amounts[id];
      if (value === undefined) return [];
      const figure: Fixed = FIXED[id];
      const hint = typeof figure.hint === 'function' ? figure.hint(d) : figure.hint;
      const format = figure.format ?? formatDollars;
      return [{ key: id, id, label: figure.label, hint, value: format(value), strong: figure.strong }];
    });
  const perYear = (name: string) =>
    name === EXPERIENCE ? years.yearsExperience : name === LOYALTY ? years.yearsWithCompany : null;

  // A row per named line of the answer (a multiplier, a benefit): its id is `${kind}:${name}`.
  const named = (kind: string, line: { name: string; amount: number }, hint: string, key?: string) => ({
    key: key ?? `${kind}:${line.name}`,
    id: `${kind}:${line.name}`,
    label: line.name,
    hint,
    value: formatDollars(line.amount),
  });
  const adjustments = d.adjustmentDetails.map((row) =>
    named('adjustment', row, multiplierLine(row, d.adjustedSalary, perYear(row.name))),
  );
  const custom = d.customMultiplierDetails.map((row, i) =>
    named(
      'custom',
      row,
      `Custom · ${multiplierLine(row, d.adjustedSalary, null)}`,
      `custom:${i}:${row.name}`,
    ),
  );
  const benefits = (d.selectedBenefits ?? []).map((benefit) =>
    named('benefit', benefit, benefit.type === 'PERCENTAGE' ? 'Percentage of gross salary' : 'Fixed amount'),
  );

  return [
    { title: 'Base', rows: fixed('baseSalary', 'adjustmentFactor', 'adjustmentAmount', 'adjustedSalary') },
    { title: 'Adjustments', rows: [...adjustments, ...custom, ...fixed('totalAdjustments', 'grossSalary')] },
    ...(d.selectedBenefits === undefined
      ? []
      : [{ title: 'Benefits', rows: [...benefits, ...fixed('totalBenefitsCost')] }]),
    {
      title: 'Social Insurance',
      rows: fixed('socialInsuranceAmount', 'employeeSocialInsurance', 'companySocialInsurance'),
    },
    { title: 'Totals', rows: fixed('netSalary', 'totalCost') },
    { title: 'Effective Rates', rows: fixed('experienceMultiplier', 'loyaltyMultiplier') },
  ];
}

import { MantineProvider } from '@mantine/core';
import type { CalculationResult } from '@salary/shared/calculator/calculator.contract';
import { toCents } from '@salary/shared/common/money';
import { render, screen, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme.ts';
import { CalculationDetails } from './calculation-details.tsx';

const full: CalculationResult = {
  calculatedSalary: 4904.82,
  details: {
    baseSalary: 3780,
    adjustmentFactor: 0.05,
    experienceMultiplier: 4.5,
    loyaltyMultiplier: 2,
    totalAdjustments: 935.82,
    adjustmentDetails: [
      { name: 'Experience', type: 'PERCENTAGE', value: 1.5, amount: 178.61 },
      { name: 'Remote', type: 'PERCENTAGE', value: -3, amount: -119.07 },
    ],
    customMultiplierDetails: [{ name: 'On-call', type: 'FIXED', value: 100, amount: 100 }],
    totalBenefitsCost: 485.24,
    selectedBenefits: [{ name: 'Health Insurance', type: 'FIXED_AMOUNT', amount: 180 }],
    grossSalary: 4904.82,
    netSalary: 4733.15,
    totalCost: 5905.06,
    socialInsuranceAmount: 686.67,
    companySocialInsurance: 515,
    employeeSocialInsurance: 171.67,
    adjustmentAmount: 189,
    adjustedSalary: 3969,
  },
  employeeSocialInsurance: 171.67,
  companySocialInsurance: 515,
};

/** The panel for `result`, by default for the profile of `full`; `props` sets others. */
function renderDetails(
  result: CalculationResult,
  props: Partial<Omit<ComponentProps<typeof CalculationDetails>, 'result'>> = {},
) {
  render(
    <MantineProvider theme={theme}>
      <CalculationDetails
        result={result}
        profile="Backend · Senior Engineer · G3 / L2 · 3 years of experience · 1 year with the company"
        years={{ yearsExperience: 3, yearsWithCompany: 1 }}
        {...props}
      />
    </MantineProvider>,
  );
  const figure = (id: string) => document.querySelector(`[data-row="${id}"] [data-value]`)?.textContent;
  return { figure };
}

describe('CalculationDetails', () => {
  it('shows every figure of the answer, formatted', () => {
    const { figure } = renderDetails(full);
    expect(figure('baseSalary')).toBe('$3,780.00');
    expect(figure('adjustmentFactor')).toBe('5.0%');
    expect(figure('experienceMultiplier')).toBe('4.5%');
    expect(figure('loyaltyMultiplier')).toBe('2.0%');
    expect(figure('adjustment:Remote')).toBe('-$119.07');
    expect(figure('custom:On-call')).toBe('$100.00');
    expect(figure('benefit:Health Insurance')).toBe('$180.00');
    expect(figure('totalBenefitsCost')).toBe('$485.24');
    expect(figure('grossSalary')).toBe('$4,904.82');
    expect(figure('socialInsuranceAmount')).toBe('$686.67');
    expect(figure('employeeSocialInsurance')).toBe('$171.67');
    expect(figure('companySocialInsurance')).toBe('$515.00');
    expect(figure('netSalary')).toBe('$4,733.15');
    expect(figure('totalCost')).toBe('$5,905.06');
    expect(
      within(screen.getByRole('region', { name: 'Calculation Details' })).getByText(
        '1.5% × 3 years of $3,969.00 = $178.61',
      ),
    ).toBeVisible();
  });

  it('leaves out the cost rows when the answer has no cost figures (no showCost)', () => {
    const {
      totalCost: _a,
      totalBenefitsCost: _b,
      selectedBenefits: _c,
      socialInsuranceAmount: _d,
      companySocialInsurance: _e,
      ...details
    } = full.details;
    const { figure } = renderDetails({ calculatedSalary: 4904.82, details, employeeSocialInsurance: 171.67 });

    for (const id of ['totalCost', 'totalBenefitsCost', 'socialInsuranceAmount', 'companySocialInsurance']) {
      expect(figure(id)).toBeUndefined();
    }
    expect(screen.queryByText('Benefits')).toBeNull();
    expect(screen.queryByText('Total Cost')).toBeNull();
    expect(figure('employeeSocialInsurance')).toBe('$171.67');
    expect(figure('netSalary')).toBe('$4,733.15');
  });

  it('adds up on the page to the cent: base + adjustment = adjusted; adjusted + every line = gross', () => {
    // The example: $6,500 base, +10% job/position adjustment, 2% per year × 6 years.
    const example: CalculationResult = {
      calculatedSalary: 8008,
      details: {
        baseSalary: 6500,
        adjustmentFactor: 0.1,
        adjustmentAmount: 650,
        adjustedSalary: 7150,
        experienceMultiplier: 12,
        loyaltyMultiplier: 0,
        totalAdjustments: 858,
        adjustmentDetails: [
          { name: 'Experience', type: 'PERCENTAGE', value: 2, amount: 858 },
          { name: 'Loyalty', type: 'PERCENTAGE', value: 0, amount: 0 },
        ],
        customMultiplierDetails: [],
        grossSalary: 8008,
        netSalary: 8008,
        employeeSocialInsurance: 0,
      },
      employeeSocialInsurance: 0,
    };
    const { figure } = renderDetails(example, {
      profile: 'Backend · Senior · G3 / L2 · 6 years of experience · 0 years with the company',
      years: { yearsExperience: 6, yearsWithCompany: 0 },
      stale: true,
    });
    const figureCents = (id: string) => toCents((figure(id) ?? 'missing').replace(/[$,]/g, ''));
    expect(figureCents('baseSalary') + figureCents('adjustmentAmount')).toBe(figureCents('adjustedSalary'));
    expect(
      figureCents('adjustedSalary') +
        figureCents('adjustment:Experience') +
        figureCents('adjustment:Loyalty'),
    ).toBe(figureCents('grossSalary'));
    expect(figureCents('adjustedSalary')).toBe(715000);
    const panel = within(screen.getByRole('region', { name: 'Calculation Details' }));
    expect(panel.getByText('10% of $6,500.00')).toBeVisible();
    expect(panel.getByText('2% × 6 years of $7,150.00 = $858.00')).toBeVisible();
    expect(panel.getByText(/For Backend · Senior · G3 \/ L2/)).toBeVisible();
    expect(panel.getByText('Out of date — Calculate again')).toBeVisible();
  });
});

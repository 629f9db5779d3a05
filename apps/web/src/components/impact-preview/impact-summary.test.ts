import type { Impact } from '@salary/shared/impact/impact.contract';
import { describe, expect, it } from 'vitest';
import { impactSummary, signedMoney, signedPercent } from './impact-summary.ts';

const impact = (totals: Impact['totals'], employeesAffected = 43): Impact => ({
  employees: 100,
  employeesAffected,
  showSalary: totals.grossDelta !== undefined,
  showCost: totals.costDelta !== undefined,
  totals,
  byJob: [],
  byGrade: [],
  changes: [],
});

describe('impact summary', () => {
  it('reads as the issue writes it', () => {
    expect(
      impactSummary(
        impact({ grossDelta: 12340, grossDeltaPercent: 2.08, costDelta: 14870, costDeltaPercent: 2 }),
      ),
    ).toBe('43 employees affected · payroll +$12,340.00 (+2.1%) · total cost +$14,870.00');
  });

  it('leaves out what the viewer may not see, and a percent of nothing', () => {
    expect(impactSummary(impact({ costDelta: -80, costDeltaPercent: -0.4 }, 1))).toBe(
      '1 employee affected · total cost -$80.00',
    );
    expect(impactSummary(impact({}, 2))).toBe('2 employees affected');
    expect(impactSummary(impact({ grossDelta: 500, grossDeltaPercent: null }, 1))).toBe(
      '1 employee affected · payroll +$500.00',
    );
  });

  it('signs money and percents', () => {
    expect(signedMoney(0)).toBe('$0.00');
    expect(signedMoney(-1234.5)).toBe('-$1,234.50');
    expect(signedPercent(-0.04)).toBe('0.0%');
    expect(signedPercent(-2.06)).toBe('-2.1%');
    expect(signedPercent(0)).toBe('0.0%');
  });
});

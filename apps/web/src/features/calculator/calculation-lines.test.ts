import { describe, expect, it } from 'vitest';
import { adjustmentRule, multiplierLine } from './calculation-lines.ts';

describe('calculation lines', () => {
  it('writes a per-year percentage as the arithmetic of the issue', () => {
    expect(multiplierLine({ type: 'PERCENTAGE', value: 2, amount: 858 }, 7150, 6)).toBe(
      '2% × 6 years of $7,150.00 = $858.00',
    );
  });

  it('writes a once-only percentage, a fixed per-year and a fixed amount', () => {
    expect(multiplierLine({ type: 'PERCENTAGE', value: 5, amount: 357.5 }, 7150, null)).toBe(
      '5% of $7,150.00 = $357.50',
    );
    expect(multiplierLine({ type: 'FIXED', value: 100, amount: 100 }, 7150, 1)).toBe(
      '$100.00 × 1 year = $100.00',
    );
    expect(multiplierLine({ type: 'FIXED', value: 300, amount: 300 }, 7150, null)).toBe('Fixed $300.00');
  });

  it('names the adjustment rule: a percent of base, a fixed amount, or none', () => {
    expect(adjustmentRule({ adjustmentFactor: 0.1, adjustmentAmount: 650, baseSalary: 6500 })).toBe(
      '10% of $6,500.00',
    );
    // A fixed +$300 on $4,400 is reported as 0.068182 of base: not a percent anyone set.
    expect(adjustmentRule({ adjustmentFactor: 0.068182, adjustmentAmount: 300, baseSalary: 4400 })).toBe(
      'Fixed amount',
    );
    expect(adjustmentRule({ adjustmentFactor: 0, adjustmentAmount: 0, baseSalary: 4400 })).toMatch(
      /No adjustment/,
    );
  });
});

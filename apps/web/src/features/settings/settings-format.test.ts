import { describe, expect, it } from 'vitest';
import { formatBenefitAmount, formatMultiplierValue, formatPercent } from './settings-format.ts';

describe('settings formatting', () => {
  it.each([
    [7.5, '7.5%'],
    [-3, '-3%'],
    [12.25, '12.25%'],
    [100, '100%'],
  ])('formatPercent(%d) = %s', (value, text) => {
    expect(formatPercent(value)).toBe(text);
  });

  it('shows a multiplier as percent or money by its type', () => {
    expect(formatMultiplierValue(7.5, 'PERCENTAGE')).toBe('7.5%');
    expect(formatMultiplierValue(1250, 'FIXED')).toBe('$1,250.00');
    expect(formatMultiplierValue(-40, 'FIXED')).toBe('-$40.00');
  });

  it('shows a benefit as money or as a share of the gross salary', () => {
    expect(formatBenefitAmount(180, 'FIXED_AMOUNT')).toBe('$180.00');
    expect(formatBenefitAmount(5, 'PERCENTAGE')).toBe('5% of gross salary');
  });
});

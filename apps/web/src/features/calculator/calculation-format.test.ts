import { describe, expect, it } from 'vitest';
import {
  formatAdjustmentFactor,
  formatDollars,
  formatPercentOneDecimal,
  formatRate,
} from './calculation-format.ts';

describe('calculation formatting', () => {
  it.each([
    [4904.82, '$4,904.82'],
    [3780, '$3,780.00'],
    [-119.07, '-$119.07'],
    [0, '$0.00'],
    [1234567.5, '$1,234,567.50'],
  ])('dollars: %d → %s', (value, text) => {
    expect(formatDollars(value)).toBe(text);
  });

  it.each([
    [4.5, '4.5%'],
    [2, '2.0%'],
    [0.35, '0.4%'],
    [1.45, '1.5%'],
    [-4.45, '-4.5%'],
    [-0.04, '0.0%'],
    [12.3456, '12.3%'],
  ])('a percent with one decimal: %d → %s', (value, text) => {
    expect(formatPercentOneDecimal(value)).toBe(text);
  });

  it.each([
    [0.05, '5.0%'],
    [-0.125, '-12.5%'],
    [0.1234, '12.3%'],
    [0.000_05, '0.0%'],
    [0, '0.0%'],
  ])('the adjustment factor ×100: %d → %s', (fraction, text) => {
    expect(formatAdjustmentFactor(fraction)).toBe(text);
  });

  it('says how a multiplier was configured', () => {
    expect(formatRate(1.5, 'PERCENTAGE')).toBe('1.5%');
    expect(formatRate(-3, 'PERCENTAGE')).toBe('-3%');
    expect(formatRate(300, 'FIXED')).toBe('$300.00');
  });
});

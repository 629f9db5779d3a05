import { describe, expect, it } from 'vitest';
import { formatFactor } from './factor-display.ts';

describe('formatFactor', () => {
  it.each([
    [0.12, '+12%'],
    [-0.05, '-5%'],
    [1, '+100%'],
    [-1, '-100%'],
    [0, '0%'],
    // Whole percents only; halves round away from zero.
    [0.125, '+13%'],
    [-0.125, '-13%'],
    [0.1249, '+12%'],
    // Floating-point noise in the stored fraction does not show.
    [0.07 * 3, '+21%'],
    [-0.001, '0%'],
  ])('PERCENTAGE %s → %s', (factor, shown) => {
    expect(formatFactor('PERCENTAGE', factor)).toBe(shown);
  });

  it.each([
    [150, '+150.00'],
    [-20.5, '-20.50'],
    [0, '0.00'],
    [0.1 + 0.2, '+0.30'],
    [1234.5, '+1,234.50'],
    [-999999999.99, '-999,999,999.99'],
  ])('FIXED %s → %s', (factor, shown) => {
    expect(formatFactor('FIXED', factor)).toBe(shown);
  });

  it('shows a dash for a value that is not a number', () => {
    expect(formatFactor('FIXED', Number.NaN)).toBe('—');
    expect(formatFactor('PERCENTAGE', Number.POSITIVE_INFINITY)).toBe('—');
  });
});

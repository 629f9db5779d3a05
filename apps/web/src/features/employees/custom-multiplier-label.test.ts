import { describe, expect, it } from 'vitest';
import { customMultiplierEffect } from './custom-multiplier-label.ts';
import { importSummary } from './import-step.ts';

describe('customMultiplierEffect', () => {
  it.each([
    [{ multiplier: 7.5, type: 'PERCENTAGE' as const }, '+7.5%'],
    [{ multiplier: -3, type: 'PERCENTAGE' as const }, '-3%'],
    [{ multiplier: 1250, type: 'FIXED' as const }, '+$1,250.00'],
    [{ multiplier: -40.5, type: 'FIXED' as const }, '-$40.50'],
  ])('%j reads %s', (multiplier, expected) => {
    expect(customMultiplierEffect(multiplier)).toBe(expected);
  });
});

describe('importSummary', () => {
  it('says what a dry run would do', () => {
    expect(
      importSummary({ created: 120, updated: 4, unchanged: 76, conflictCount: 0, duplicateCount: 0 }),
    ).toBe('120 to create, 4 changed, 76 unchanged');
    expect(
      importSummary({ created: 0, updated: 0, unchanged: 200, conflictCount: 1, duplicateCount: 2 }),
    ).toBe('0 to create, 0 changed, 200 unchanged, 1 conflict, 2 possible duplicates');
  });
});

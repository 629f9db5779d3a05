import type { AdjustmentFactor } from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_FACTOR_FORM, factorFormSchema, formValuesFor } from './factor-form-values.ts';

const stored = (overrides: Partial<AdjustmentFactor>): AdjustmentFactor => ({
  id: 1,
  version: 1,
  jobId: 3,
  positionId: 7,
  factor: 0.12,
  type: 'PERCENTAGE',
  job: { id: 3, name: 'Engineering' },
  position: { id: 7, name: 'Backend' },
  ...overrides,
});

function issues(result: ReturnType<typeof factorFormSchema.safeParse>) {
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

// Both apply to every empty form, whatever else is wrong with it.
const NO_JOB_OR_POSITION = [
  ['jobId', 'Job is required'],
  ['positionId', 'Position is required'],
];
const OUT_OF_RANGE = 'Adjustment Factor must be between -100% and +100%';

describe('factorFormSchema', () => {
  it('sends a PERCENTAGE factor as the entered percent / 100, with numeric ids', () => {
    expect(factorFormSchema.parse({ jobId: '3', positionId: '7', type: 'PERCENTAGE', factor: 12 })).toEqual({
      jobId: 3,
      positionId: 7,
      type: 'PERCENTAGE',
      factor: 0.12,
    });
    expect(
      factorFormSchema.parse({ jobId: '3', positionId: '7', type: 'PERCENTAGE', factor: -5 }).factor,
    ).toBe(-0.05);
  });

  it('sends a FIXED factor as the amount typed', () => {
    expect(
      factorFormSchema.parse({ jobId: '3', positionId: '7', type: 'FIXED', factor: 150.25 }).factor,
    ).toBe(150.25);
  });

  it('reports missing fields with the contract messages under the right inputs', () => {
    expect(issues(factorFormSchema.safeParse(EMPTY_FACTOR_FORM))).toEqual([
      ...NO_JOB_OR_POSITION,
      ['factor', 'Adjustment Factor is required'],
    ]);
  });

  it('keeps a percentage within -100..100 of the percent typed', () => {
    const over = { jobId: '3', positionId: '7', type: 'PERCENTAGE' as const, factor: 101 };
    expect(issues(factorFormSchema.safeParse(over))).toEqual([['factor', OUT_OF_RANGE]]);
    expect(factorFormSchema.safeParse({ ...over, factor: -100 }).success).toBe(true);
    // The same number is a fine FIXED amount.
    expect(factorFormSchema.safeParse({ ...over, type: 'FIXED' }).success).toBe(true);
  });

  it('says the factor is out of range even before a job and position are chosen', () => {
    expect(
      issues(factorFormSchema.safeParse({ ...EMPTY_FACTOR_FORM, type: 'PERCENTAGE', factor: 300 })),
    ).toEqual([...NO_JOB_OR_POSITION, ['factor', OUT_OF_RANGE]]);
  });

  it('refuses a percent with more than 2 decimals instead of sending it rounded', () => {
    const typed = { jobId: '3', positionId: '7', type: 'PERCENTAGE' as const, factor: 12.555 };
    expect(issues(factorFormSchema.safeParse(typed))).toEqual([
      ['factor', 'Adjustment Factor must have at most 2 decimals as a percent (4 as a fraction)'],
    ]);
    expect(factorFormSchema.parse({ ...typed, factor: 12.55 }).factor).toBe(0.1255);
  });
});

describe('formValuesFor', () => {
  it('starts empty for a new factor', () => {
    expect(formValuesFor(null)).toEqual(EMPTY_FACTOR_FORM);
  });

  it('shows a stored fraction as the percent it was entered as', () => {
    expect(formValuesFor(stored({ factor: 0.07 }))).toEqual({
      jobId: '3',
      positionId: '7',
      type: 'PERCENTAGE',
      factor: 7,
    });
  });

  it('shows a FIXED factor as its amount', () => {
    expect(formValuesFor(stored({ type: 'FIXED', factor: -150.5 })).factor).toBe(-150.5);
  });

  it('round-trips: editing without changes sends what is stored', () => {
    const factor = stored({ factor: -0.35 });
    expect(factorFormSchema.parse(formValuesFor(factor)).factor).toBe(-0.35);
  });
});

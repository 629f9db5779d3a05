import type { Settings } from '@salary/shared/settings/settings.contract';
import { describe, expect, it } from 'vitest';
import { SIX_MULTIPLIERS } from '../../test/fixtures.ts';
import { customMultipliersChanged, multipliersForm, multipliersFormValues } from './multipliers-form.ts';

const settings = {
  ...SIX_MULTIPLIERS,
  customMultipliers: [{ id: 'cm_1', title: 'On-call', multiplier: 250, type: 'FIXED' }],
} as Settings;

describe('the multipliers form', () => {
  it('starts from the six stored value/type pairs and saves them unchanged', () => {
    const values = multipliersFormValues(settings);
    expect(Object.keys(values)).toHaveLength(12);
    expect(values.pillarMultiplierType).toBe('FIXED');
    expect(multipliersForm.parse(values)).toEqual(values);
  });

  it("names an emptied value with the contract's message", () => {
    const result = multipliersForm.safeParse({ ...multipliersFormValues(settings), loyaltyMultiplier: '' });
    expect(result.error?.issues).toMatchObject([
      { path: ['loyaltyMultiplier'], message: 'Loyalty multiplier is required' },
    ]);
  });

  it('refuses a percentage outside ±100 and keeps it as typed, even while another value is empty', () => {
    const values = {
      ...multipliersFormValues(settings),
      offshoreMultiplier: 300,
      offshoreMultiplierType: 'PERCENTAGE' as const,
      loyaltyMultiplier: '',
    };
    expect(multipliersForm.safeParse(values).error?.issues).toMatchObject([
      { path: ['loyaltyMultiplier'], message: 'Loyalty multiplier is required' },
      {
        path: ['offshoreMultiplier'],
        message: 'Offshore Project multiplier must be between -100 and 100 percent',
      },
    ]);
    const fixed = { ...values, loyaltyMultiplier: 1, offshoreMultiplierType: 'FIXED' as const };
    expect(multipliersForm.parse(fixed).offshoreMultiplier).toBe(300);
  });

  it('notices added, edited, removed and reordered custom multipliers', () => {
    const saved = settings.customMultipliers;
    expect(
      customMultipliersChanged(
        saved,
        saved.map((m) => ({ ...m })),
      ),
    ).toBe(false);
    expect(customMultipliersChanged(saved, [])).toBe(true);
    expect(customMultipliersChanged(saved, [{ ...saved[0]!, multiplier: 251 }])).toBe(true);
  });
});

import { type Settings, updateSettingsBody } from '@salary/shared/settings/settings.contract';
import { describe, expect, it } from 'vitest';
import { SIX_MULTIPLIERS } from '../../test/fixtures.ts';
import { toUpdateBody } from './settings-body.ts';

const stored: Settings = {
  ...SIX_MULTIPLIERS,
  customMultipliers: [{ id: 'cm_1', title: 'On-call', multiplier: 250, type: 'FIXED' }],
  benefits: [{ name: 'Health', amount: 180, type: 'FIXED_AMOUNT' }],
  socialInsuranceEnabled: true,
  socialInsuranceType: 'COMPANY_FULL',
  companyInsurancePercentage: 100,
  totalInsurancePercentage: 14,
  version: 7,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('toUpdateBody', () => {
  it('sends the whole record with the lists as JSON strings and the version read', () => {
    const body = toUpdateBody(stored);
    expect(body).not.toHaveProperty('updatedAt');
    expect(body.version).toBe(7);
    expect(body.benefits).toBe('[{"name":"Health","amount":180,"type":"FIXED_AMOUNT"}]');
    expect(body.customMultipliers).toBe('[{"id":"cm_1","title":"On-call","multiplier":250,"type":"FIXED"}]');
    expect(body.pillarMultiplierType).toBe('FIXED');
    // What the server validates it with accepts it as it is.
    expect(updateSettingsBody.safeParse(body).success).toBe(true);
  });

  it('applies the changes and keeps everything else', () => {
    const body = toUpdateBody(stored, {
      benefits: [],
      socialInsuranceType: 'EMPLOYEE_FULL',
    });
    expect(body.benefits).toBe('[]');
    expect(body.socialInsuranceType).toBe('EMPLOYEE_FULL');
    expect(body.experienceMultiplier).toBe(1.5);
    expect(body.customMultipliers).toContain('On-call');
  });

  it('never lets a change move the version', () => {
    const sneaky = { version: 1 } as unknown as Parameters<typeof toUpdateBody>[1];
    expect(toUpdateBody(stored, sneaky).version).toBe(7);
  });
});

import type { Settings } from '@salary/shared/settings/settings.contract';
import { newSettings } from '../support/factories.ts';
import type { TestContext } from '../support/helper.ts';

/** The record migration 0001 creates: the defaults at version 1. */
export const DEFAULT_SETTINGS = { ...newSettings(), version: 1 } as const;

/** A whole, valid PUT body (without `version`) away from the defaults; override any field. */
export function settingsBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...newSettings({
      experienceMultiplier: 2.5,
      loyaltyMultiplier: 150,
      loyaltyMultiplierType: 'FIXED',
      offshoreMultiplier: -10,
      pillarMultiplier: 1000.25,
      pillarMultiplierType: 'FIXED',
      remoteMultiplier: 5,
      socialInsuranceType: 'COMPANY_PERCENTAGE',
      companyInsurancePercentage: 75,
      totalInsurancePercentage: 14.5,
    }),
    ...overrides,
  };
}

export async function getSettings(t: TestContext, token = t.adminToken) {
  const res = await t.call<Settings>({ method: 'GET', url: '/api/settings', token });
  if (res.statusCode !== 200) throw new Error(`GET /api/settings failed: ${res.body}`);
  return res.envelope.data;
}

export function putSettings(t: TestContext, payload: Record<string, unknown>, token = t.adminToken) {
  return t.call<Settings>({ method: 'PUT', url: '/api/settings', token, payload });
}

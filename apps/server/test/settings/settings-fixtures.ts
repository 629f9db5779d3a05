import type { Settings } from '@salary/shared/settings/settings.contract';
import type { TestContext } from '../support/helper.ts';

/** The spec §9 defaults, as migration 0001 creates the record. */
export const DEFAULT_SETTINGS = {
  experienceMultiplier: 0,
  experienceMultiplierType: 'PERCENTAGE',
  loyaltyMultiplier: 0,
  loyaltyMultiplierType: 'PERCENTAGE',
  offshoreMultiplier: 0,
  offshoreMultiplierType: 'PERCENTAGE',
  actingAsMultiplier: 0,
  actingAsMultiplierType: 'PERCENTAGE',
  pillarMultiplier: 0,
  pillarMultiplierType: 'PERCENTAGE',
  remoteMultiplier: 0,
  remoteMultiplierType: 'PERCENTAGE',
  customMultipliers: [],
  benefits: [],
  socialInsuranceEnabled: true,
  socialInsuranceType: 'COMPANY_FULL',
  companyInsurancePercentage: 100,
  totalInsurancePercentage: 14,
  version: 1,
} as const;

/** A whole, valid PUT body (without `version`); override any field. */
export function settingsBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    experienceMultiplier: 2.5,
    experienceMultiplierType: 'PERCENTAGE',
    loyaltyMultiplier: 150,
    loyaltyMultiplierType: 'FIXED',
    offshoreMultiplier: -10,
    offshoreMultiplierType: 'PERCENTAGE',
    actingAsMultiplier: 0,
    actingAsMultiplierType: 'PERCENTAGE',
    pillarMultiplier: 1000.25,
    pillarMultiplierType: 'FIXED',
    remoteMultiplier: 5,
    remoteMultiplierType: 'PERCENTAGE',
    customMultipliers: [],
    benefits: [],
    socialInsuranceEnabled: true,
    socialInsuranceType: 'COMPANY_PERCENTAGE',
    companyInsurancePercentage: 75,
    totalInsurancePercentage: 14.5,
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

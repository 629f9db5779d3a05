import type { User } from '@salary/shared/auth/auth.contract';
import { NO_PERMISSIONS, type Permissions } from '@salary/shared/common/permissions';
import type { Settings } from '@salary/shared/settings/settings.contract';

/** A user as the API sends it; pass only what a test cares about. */
export function newUser(
  overrides: Partial<Omit<User, 'permissions'>> & { permissions?: Partial<Permissions> } = {},
): User {
  const { permissions, ...rest } = overrides;
  return {
    id: 2,
    email: 'staff@example.com',
    name: 'Sam Staff',
    isAdmin: false,
    role: 'user',
    ...rest,
    permissions: { ...NO_PERMISSIONS, ...permissions },
  };
}

/** The six multipliers of a typical company (as the demo seeds them), for settings fixtures. */
export const SIX_MULTIPLIERS = {
  experienceMultiplier: 1.5,
  experienceMultiplierType: 'PERCENTAGE',
  loyaltyMultiplier: 1,
  loyaltyMultiplierType: 'PERCENTAGE',
  offshoreMultiplier: 10,
  offshoreMultiplierType: 'PERCENTAGE',
  actingAsMultiplier: 15,
  actingAsMultiplierType: 'PERCENTAGE',
  pillarMultiplier: 300,
  pillarMultiplierType: 'FIXED',
  remoteMultiplier: -3,
  remoteMultiplierType: 'PERCENTAGE',
} as const satisfies Partial<Settings>;

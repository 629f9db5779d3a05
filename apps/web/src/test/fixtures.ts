import type { User } from '@salary/shared/auth/auth.contract';
import { NO_PERMISSIONS, type Permissions } from '@salary/shared/common/permissions';

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

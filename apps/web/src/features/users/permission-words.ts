import type { User } from '@salary/shared/auth/auth.contract';
import { PERMISSION_KEYS, PERMISSION_LABELS } from '@salary/shared/common/permissions';

/** The list's "granted permissions as readable words", in the form's order. */
export function grantedPermissionLabels(user: Pick<User, 'permissions'>): string[] {
  return PERMISSION_KEYS.filter((key) => user.permissions[key]).map((key) => PERMISSION_LABELS[key]);
}

import type { User } from '@salary/shared/auth/auth.contract';
import {
  PERMISSION_KEYS,
  PERMISSION_LABELS,
  PERMISSION_REVEALS,
  type PermissionKey,
} from '@salary/shared/common/permissions';

/** The list's "granted permissions as readable words", in the form's order. */
export function grantedPermissionLabels(user: Pick<User, 'permissions'>): string[] {
  return PERMISSION_KEYS.filter((key) => user.permissions[key]).map((key) => PERMISSION_LABELS[key]);
}

/**
 * Where a permission's label and the screens name one figure differently, said once beside the
 * permission (the Total Cost column says it from its side).
 */
const SAME_FIGURE: Partial<Record<PermissionKey, string>> = {
  showCost: 'Accumulated Cost is the Total Cost the screens show.',
  ownTeamOnly:
    'A limit, not a grant: everything this user reads is narrowed to the employees who report to their Employee, directly or not.',
};

/** What the form says under a permission: the figure it names, then what it reveals about pay. */
export function permissionDescription(key: PermissionKey): string | undefined {
  const words = [SAME_FIGURE[key], PERMISSION_REVEALS[key]].filter(Boolean);
  return words.length ? words.join(' ') : undefined;
}

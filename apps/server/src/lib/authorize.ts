import { type Actor, can, type PermissionKey } from '@salary/shared/common/permissions';
import { forbidden } from './app-error.ts';

const DEFAULT_MESSAGES: Record<PermissionKey, string> = {
  showSettings: 'You do not have permission to view settings',
  manageSettings: 'You do not have permission to change settings',
  showSalary: 'You do not have permission to see salaries',
  showCost: 'You do not have permission to see costs',
  manageEmployee: 'You do not have permission to create or edit employees',
  deleteEmployee: 'You do not have permission to delete employees',
};

/** Services call this before any write: admins pass, everyone else needs the flag. */
export function requirePermission(actor: Actor, key: PermissionKey, message = DEFAULT_MESSAGES[key]): void {
  if (!can(actor, key)) throw forbidden(message);
}

export function requireAdmin(actor: Actor, message = 'Only administrators can do this'): void {
  if (!actor.isAdmin) throw forbidden(message);
}

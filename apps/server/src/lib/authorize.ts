import {
  type Actor,
  can,
  canReadMoneyRules,
  PERMISSION_REFUSALS,
  type PermissionKey,
} from '@salary/shared/common/permissions';
import { forbidden } from './app-error.ts';

/** Services call this before any write: admins pass, everyone else needs the flag. */
export function requirePermission(
  actor: Actor,
  key: PermissionKey,
  message = PERMISSION_REFUSALS[key],
): void {
  if (!can(actor, key)) throw forbidden(message);
}

export function requireAdmin(actor: Actor, message = 'Only administrators can do this'): void {
  if (!actor.isAdmin) throw forbidden(message);
}

export const MONEY_RULES_FORBIDDEN = 'You do not have permission to see salary rules';

/** Reads of base-salary amounts and factor values: salary data (see `canReadMoneyRules`). */
export function requireMoneyRulesReader(actor: Actor): void {
  if (!canReadMoneyRules(actor)) throw forbidden(MONEY_RULES_FORBIDDEN);
}

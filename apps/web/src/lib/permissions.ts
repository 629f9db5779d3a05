import type { User } from '@salary/shared/auth/auth.contract';
import { can, type PermissionKey, teamScoped } from '@salary/shared/common/permissions';
import { useAuth } from './auth/auth-context.ts';

type MaybeUser = User | null | undefined;

/** Settings hub and the sidebar entry: admins or showSettings. */
export function canSeeSettings(user: MaybeUser): boolean {
  return can(user, 'showSettings');
}

/** /insights (Pay Overview) and "Why this salary?": admins or showSalary. */
export function canSeeInsights(user: MaybeUser): boolean {
  return can(user, 'showSalary');
}

/** Create/edit/delete salary rules and settings: admins or manageSettings. */
export function canManageSettings(user: MaybeUser): boolean {
  return can(user, 'manageSettings');
}

/** /employees/new and /employees/edit/:id need manageEmployee and (admin or showSalary). */
export function canOpenEmployeeForms(user: MaybeUser): boolean {
  return can(user, 'manageEmployee') && can(user, 'showSalary');
}

/**
 * /pay-transparency and the pay statements: admins or showSalary, not limited to a team (the
 * company's report and a worker's comparison with their category read beyond any team).
 */
export function canSeePayTransparency(user: MaybeUser): boolean {
  return can(user, 'showSalary') && !teamScoped(user);
}

/** /raise-cycles: the cycles and their worksheets (a worksheet is pay): admins or showSalary. */
export function canSeeRaiseCycles(user: MaybeUser): boolean {
  return can(user, 'showSalary');
}

/** Adding or importing employees: manageEmployee, not limited to a team (a new employee is in none). */
export function canAddEmployees(user: MaybeUser): boolean {
  return can(user, 'manageEmployee') && !teamScoped(user);
}

/** Whether the signed-in user reads only their own team (Own team only). */
export function useTeamScoped(): boolean {
  return teamScoped(useAuth().user);
}

export function usePermission(key: PermissionKey): boolean {
  return can(useAuth().user, key);
}

/** Settings sections render read-only (no add/edit/delete controls) when this is false. */
export function useCanManageSettings(): boolean {
  return canManageSettings(useAuth().user);
}

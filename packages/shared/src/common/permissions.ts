import { z } from 'zod';

/** The six permission flags, in the order the screens list them (spec §6). */
export const PERMISSION_KEYS = [
  'showSettings',
  'manageSettings',
  'showSalary',
  'showCost',
  'manageEmployee',
  'deleteEmployee',
] as const;

export type PermissionKey = (typeof PERMISSION_KEYS)[number];

export const PERMISSION_LABELS: Record<PermissionKey, string> = {
  showSettings: 'Show Settings',
  manageSettings: 'Edit/Delete Settings',
  showSalary: 'Show Calculated Salary',
  showCost: 'Show Accumulated Cost',
  manageEmployee: 'Edit Employee',
  deleteEmployee: 'Delete Employee',
};

export const permissionsSchema = z.object({
  showSettings: z.boolean().default(false),
  manageSettings: z.boolean().default(false),
  showSalary: z.boolean().default(false),
  showCost: z.boolean().default(false),
  manageEmployee: z.boolean().default(false),
  deleteEmployee: z.boolean().default(false),
});

export type Permissions = z.infer<typeof permissionsSchema>;

export const NO_PERMISSIONS: Permissions = {
  showSettings: false,
  manageSettings: false,
  showSalary: false,
  showCost: false,
  manageEmployee: false,
  deleteEmployee: false,
};

/** Anything absent counts as false (spec §3). */
export function normalizePermissions(
  input: Partial<Record<PermissionKey, unknown>> | null | undefined,
): Permissions {
  const out = { ...NO_PERMISSIONS };
  for (const key of PERMISSION_KEYS) out[key] = input?.[key] === true;
  return out;
}

export interface Actor {
  id: number;
  isAdmin: boolean;
  permissions: Permissions;
}

/** Admins hold every permission; everyone else holds exactly what was granted. */
export function can(
  actor: Pick<Actor, 'isAdmin' | 'permissions'> | null | undefined,
  key: PermissionKey,
): boolean {
  if (!actor) return false;
  return actor.isAdmin || actor.permissions[key] === true;
}

/**
 * The money rules (base-salary amounts, factor values, multiplier, custom multiplier and
 * benefit values, insurance percentages) are salary data: with them and the employee list,
 * anyone could rebuild every salary. Readers: admins and showSalary, showSettings or
 * manageSettings holders (architecture §5).
 */
export function canReadMoneyRules(actor: Pick<Actor, 'isAdmin' | 'permissions'> | null | undefined): boolean {
  return can(actor, 'showSalary') || can(actor, 'showSettings') || can(actor, 'manageSettings');
}

/** Personal data (an employee's gender): admins and manageEmployee holders only. */
export function canReadPersonalData(
  actor: Pick<Actor, 'isAdmin' | 'permissions'> | null | undefined,
): boolean {
  return can(actor, 'manageEmployee');
}

/** The pay transparency report and pay statements: admins and showSalary holders. */
export function canReadPayReport(actor: Pick<Actor, 'isAdmin' | 'permissions'> | null | undefined): boolean {
  return can(actor, 'showSalary');
}

export type Role = 'admin' | 'user';

export const ROLE_LABELS: Record<Role, string> = { admin: 'Administrator', user: 'Staff' };

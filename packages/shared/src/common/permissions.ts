import { z } from 'zod';

/** The six permission flags, in the order the screens list them. */
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

/** Anything absent counts as false. */
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
 * manageSettings holders.
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

/**
 * What a permission lets a user work out beyond what it shows: the money rules together with
 * every employee's job, grade, level, years and flags (which everyone reads) give every pay.
 * Shown beside the permission in User Management.
 */
export const PERMISSION_REVEALS: Partial<Record<PermissionKey, string>> = {
  showSettings: "Lets this user work out every employee's pay from the salary rules.",
  manageSettings: "Lets this user work out every employee's pay from the salary rules.",
  showCost: 'Lets this user rank every employee by pay, since cost rises with pay.',
};

/** What a permission set can derive about each employee's pay. */
export type PayDerivation = 'exact pay' | 'order by pay' | 'nothing';

/**
 * The one table of what each permission set can derive (docs/security.md shows it): the money
 * rules (readable with showSalary, showSettings or manageSettings) give every pay exactly;
 * the accumulated cost alone gives the order of everyone by pay.
 */
export function payDerivation(actor: Pick<Actor, 'isAdmin' | 'permissions'>): PayDerivation {
  if (canReadMoneyRules(actor)) return 'exact pay';
  if (can(actor, 'showCost')) return 'order by pay';
  return 'nothing';
}

/** The derivation table as docs/security.md shows it, one row per outcome. */
export const PAY_DERIVATION_TABLE: ReadonlyArray<{ who: string; derives: PayDerivation; how: string }> = [
  {
    who: 'admin, or any set with Show Calculated Salary, Show Settings or Edit/Delete Settings',
    derives: 'exact pay',
    how: "the money rules with each employee's job, grade, level, years and flags give every gross, net and total cost",
  },
  {
    who: 'Show Accumulated Cost without the three above',
    derives: 'order by pay',
    how: 'total cost rises with gross, so the costs rank every pair of employees; the rules stay unreadable',
  },
  {
    who: 'any other set (none, Edit Employee, Delete Employee)',
    derives: 'nothing',
    how: 'no amount, rule value or cost is readable',
  },
];

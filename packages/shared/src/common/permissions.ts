import { z } from 'zod';

/** One permission a user can be granted (admins hold every one). */
export interface PermissionDefinition {
  /** Its name in the API (`permissions.<key>`) and in the database (`users.permissions`). */
  readonly key: string;
  /** Its label in User Management, in the audit trail and on the screens. */
  readonly label: string;
  /** What it grants, in the API's documentation. */
  readonly description: string;
  /** The 403's message when a call needs it and the user lacks it (`requirePermission`). */
  readonly refusal: string;
  /** What it lets a user work out beyond what it shows; said beside it in User Management. */
  readonly reveals?: string;
}

/**
 * Every permission, in the order the screens list them: the one place a permission is named.
 * A new one is a line here plus the check that needs it (`can(actor, key)`,
 * `requirePermission`): users store what they were granted as a list of these keys
 * (`users.permissions`, migration 0013), so no migration, repository or form changes.
 */
export const PERMISSIONS = [
  {
    key: 'showSettings',
    label: 'Show Settings',
    description: 'Sees the settings and the salary rules, with their values.',
    refusal: 'You do not have permission to view settings',
    reveals: "Lets this user work out every employee's pay from the salary rules.",
  },
  {
    key: 'manageSettings',
    label: 'Edit/Delete Settings',
    description: 'Creates, changes and deletes the salary rules and the settings.',
    refusal: 'You do not have permission to change settings',
    reveals: "Lets this user work out every employee's pay from the salary rules.",
  },
  {
    key: 'showSalary',
    label: 'Show Calculated Salary',
    description: "Sees each employee's calculated salary, Pay Overview and the pay transparency report.",
    refusal: 'You do not have permission to see salaries',
  },
  {
    key: 'showCost',
    label: 'Show Accumulated Cost',
    description: "Sees each employee's total cost to the company.",
    refusal: 'You do not have permission to see costs',
    reveals: 'Lets this user rank every employee by pay, since cost rises with pay.',
  },
  {
    key: 'manageEmployee',
    label: 'Edit Employee',
    description: 'Creates and edits employees, imports them, and sees their personal data.',
    refusal: 'You do not have permission to create or edit employees',
  },
  {
    key: 'deleteEmployee',
    label: 'Delete Employee',
    description: 'Deletes employees.',
    refusal: 'You do not have permission to delete employees',
  },
  {
    key: 'ownTeamOnly',
    label: 'Own team only',
    description:
      "Limits what this user reads to the employees who report to the user's own employee, directly or not: a limit, not a grant (an administrator is never limited).",
    refusal: 'Your access is limited to your own team',
  },
] as const satisfies readonly PermissionDefinition[];

export type PermissionKey = (typeof PERMISSIONS)[number]['key'];

/** The permissions' keys, in the order the screens list them. */
export const PERMISSION_KEYS: readonly PermissionKey[] = PERMISSIONS.map((p) => p.key);

const byKey = <T>(value: (p: PermissionDefinition) => T | undefined) =>
  Object.fromEntries(
    PERMISSIONS.flatMap((p: PermissionDefinition) => {
      const v = value(p);
      return v === undefined ? [] : [[p.key, v]];
    }),
  );

export const PERMISSION_LABELS = byKey((p) => p.label) as Record<PermissionKey, string>;

/** Each permission's 403 message. */
export const PERMISSION_REFUSALS = byKey((p) => p.refusal) as Record<PermissionKey, string>;

/** A user's permissions as the API carries them: every key, true when granted. */
export type Permissions = Record<PermissionKey, boolean>;

export const permissionsSchema = z.object(
  byKey((p) => z.boolean().default(false).describe(p.description)) as Record<
    PermissionKey,
    z.ZodDefault<z.ZodBoolean>
  >,
);

export const NO_PERMISSIONS: Permissions = byKey(() => false) as Permissions;

/** Anything absent counts as false. */
export function normalizePermissions(
  input: Partial<Record<PermissionKey, unknown>> | null | undefined,
): Permissions {
  const out = { ...NO_PERMISSIONS };
  for (const key of PERMISSION_KEYS) out[key] = input?.[key] === true;
  return out;
}

/** The keys a user was granted, in the list's order: what `users.permissions` stores. */
export function grantedKeys(permissions: Permissions): PermissionKey[] {
  return PERMISSION_KEYS.filter((key) => permissions[key] === true);
}

/** A stored list of granted keys as the API's permissions; a key no longer listed is ignored. */
export function permissionsOf(granted: readonly string[]): Permissions {
  const out = { ...NO_PERMISSIONS };
  for (const key of granted) if (Object.hasOwn(out, key)) out[key as PermissionKey] = true;
  return out;
}

export interface Actor {
  id: number;
  isAdmin: boolean;
  permissions: Permissions;
  /** The employee this user is (User Management links them); null or absent: none. */
  employeeId?: number | null;
  /**
   * Set by the server for a user limited to their own team (`teamScoped`): the ids of the
   * employees who report to the user's employee, directly or not. Absent: not limited.
   */
  team?: ReadonlySet<number>;
}

/**
 * Own team only is a limit, not a grant: it holds for a user who was given it, never for an
 * administrator (who holds every grant).
 */
export function teamScoped(actor: Pick<Actor, 'isAdmin' | 'permissions'> | null | undefined): boolean {
  return !!actor && !actor.isAdmin && actor.permissions.ownTeamOnly === true;
}

/** Whether the actor may read employee `id`: always, unless limited to a team it is not in. */
export function inTeam(actor: Pick<Actor, 'team'>, id: number): boolean {
  return actor.team === undefined || actor.team.has(id);
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
export const PERMISSION_REVEALS = byKey((p) => p.reveals) as Partial<Record<PermissionKey, string>>;

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

import { z } from 'zod';

/*
 * POST /api/impact: what a proposed rule write would do to everyone's pay, answered before
 * it is saved. The write is run for real inside a transaction that always rolls back.
 */

/** A write's optional `?effectiveFrom=YYYY-MM-DD` (the day it takes effect; default today). */
const DATED = '(\\?effectiveFrom=\\d{4}-\\d{2}-\\d{2})?';
const write = (path: string) => new RegExp(`^${path}${DATED}$`);
const RAISE_CYCLE_APPLY = /^\/raise-cycles\/[1-9]\d{0,9}\/apply$/;

/**
 * The rule writes a preview accepts: method and path exactly as the write itself is sent, with
 * its `?effectiveFrom=` when dated.
 */
export const IMPACT_WRITES = [
  { method: 'POST', path: write('\\/base-salary') },
  { method: 'PUT', path: write('\\/base-salary\\/[1-9]\\d{0,9}') },
  { method: 'DELETE', path: write('\\/base-salary\\/[1-9]\\d{0,9}') },
  { method: 'POST', path: write('\\/adjustment-factors') },
  { method: 'PUT', path: write('\\/adjustment-factors\\/[1-9]\\d{0,9}') },
  { method: 'DELETE', path: write('\\/adjustment-factors\\/[1-9]\\d{0,9}') },
  { method: 'PUT', path: write('\\/settings') },
  // A raise cycle's application: dated by the cycle's effective day, never by the path.
  { method: 'POST', path: RAISE_CYCLE_APPLY },
] as const;

/** The day a previewed write takes effect from is its own (a raise cycle's), not the path's. */
export const isRaiseCycleApply = (path: string) => RAISE_CYCLE_APPLY.test(path);

/** The day a previewed write's path names in `?effectiveFrom=`, or undefined (today). */
export function effectiveFromOf(path: string): string | undefined {
  return /\?effectiveFrom=(\d{4}-\d{2}-\d{2})$/.exec(path)?.[1];
}

export const IMPACT_WRITE_REFUSED =
  "Only rule changes and a raise cycle's application can be previewed: base salaries, adjustment factors, settings and a cycle's Apply";

export const IMPACT_METHODS = ['POST', 'PUT', 'DELETE'] as const;
export type ImpactMethod = (typeof IMPACT_METHODS)[number];

/** True when `method path` is one of the rule writes a preview runs. */
export function isImpactWrite(method: string, path: string): boolean {
  return IMPACT_WRITES.some((w) => w.method === method && w.path.test(path));
}

export const impactRequestSchema = z.object({
  method: z.enum(IMPACT_METHODS, { error: 'Method must be POST, PUT or DELETE' }),
  /** The write's path without /api: '/settings', '/base-salary/3'. */
  path: z.string({ error: 'Path is required' }).max(64, 'Path is too long'),
  /** The write's body, as the write itself would be sent (none for DELETE). */
  body: z.unknown().optional(),
});
export type ImpactRequest = z.infer<typeof impactRequestSchema>;
/** What a screen proposes: the same shape, body typed by the caller. */
export interface ProposedWrite {
  method: ImpactMethod;
  path: string;
  body?: unknown;
}

/**
 * Figures are money with two decimals. Gross keys are present only for a viewer with
 * showSalary, cost keys only with showCost (admins have both); a delta % is null when the
 * figure before is zero.
 */
const money = z.number();
const figures = {
  grossBefore: money.optional(),
  grossAfter: money.optional(),
  grossDelta: money.optional(),
  grossDeltaPercent: z.number().nullable().optional(),
  costBefore: money.optional(),
  costAfter: money.optional(),
  costDelta: money.optional(),
  costDeltaPercent: z.number().nullable().optional(),
};

export const impactGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Employees in the group, and how many of them the change touches. */
  employees: z.number().int(),
  affected: z.number().int(),
  ...figures,
});
export type ImpactGroup = z.infer<typeof impactGroupSchema>;

export const impactChangeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  jobName: z.string(),
  gradeName: z.string(),
  /** null: no base salary for the employee's grade and level (the list shows a dash). */
  grossBefore: money.nullable().optional(),
  grossAfter: money.nullable().optional(),
  costBefore: money.nullable().optional(),
  costAfter: money.nullable().optional(),
});
export type ImpactChange = z.infer<typeof impactChangeSchema>;

/**
 * Back pay: what a write dated in the past owes for the days from its effective day to
 * yesterday (docs/salary-formula.md, "Back pay"). Per employee and in total, gross with
 * showSalary, cost with showCost; employees owed nothing are left out.
 */
export const backPayEmployeeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  gross: money.optional(),
  cost: money.optional(),
});
export type BackPayEmployee = z.infer<typeof backPayEmployeeSchema>;

export const backPaySchema = z.object({
  /** The first day owed (the write's effective day) and the last (yesterday). */
  from: z.string(),
  to: z.string(),
  /** At most 50, largest first (by gross, else cost, else id). */
  employees: z.array(backPayEmployeeSchema),
  /** How many employees are owed (the list may be cut at 50). */
  employeeCount: z.number().int(),
  /** Over every employee owed. */
  totals: z.object({ gross: money.optional(), cost: money.optional() }),
});
export type BackPay = z.infer<typeof backPaySchema>;

/** Employees a back pay's list carries (the download has them all). */
export const BACK_PAY_LISTED = 50;

/** The file GET /api/audit/{id}/back-pay.xlsx answers. */
export const BACK_PAY_FILE_NAME = 'back_pay.xlsx';

export const impactSchema = z.object({
  employees: z.number().int(),
  employeesAffected: z.number().int(),
  /** Which figures this viewer sees. */
  showSalary: z.boolean(),
  showCost: z.boolean(),
  totals: z.object(figures),
  byJob: z.array(impactGroupSchema),
  byGrade: z.array(impactGroupSchema),
  /** At most 50 affected employees, largest change first (by gross, else cost, else id). */
  changes: z.array(impactChangeSchema),
  /** Only for a write dated before today: what it owes for the days since. */
  backPay: backPaySchema.optional(),
});
export type Impact = z.infer<typeof impactSchema>;

export const IMPACT_TOP_CHANGES = 50;

/** The file POST /api/impact/export answers. */
export const IMPACT_FILE_NAME = 'impact_preview.xlsx';

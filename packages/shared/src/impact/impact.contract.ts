import { z } from 'zod';

/*
 * POST /api/impact: what a proposed rule write would do to everyone's pay, answered before
 * it is saved. The write is run for real inside a transaction that always rolls back.
 */

/** The rule writes a preview accepts: method and path exactly as the write itself is sent. */
export const IMPACT_WRITES = [
  { method: 'POST', path: /^\/base-salary$/ },
  { method: 'PUT', path: /^\/base-salary\/[1-9]\d{0,9}$/ },
  { method: 'DELETE', path: /^\/base-salary\/[1-9]\d{0,9}$/ },
  { method: 'POST', path: /^\/adjustment-factors$/ },
  { method: 'PUT', path: /^\/adjustment-factors\/[1-9]\d{0,9}$/ },
  { method: 'DELETE', path: /^\/adjustment-factors\/[1-9]\d{0,9}$/ },
  { method: 'PUT', path: /^\/settings$/ },
] as const;

export const IMPACT_WRITE_REFUSED =
  'Only rule changes can be previewed: base salaries, adjustment factors and settings';

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
});
export type Impact = z.infer<typeof impactSchema>;

export const IMPACT_TOP_CHANGES = 50;

/** The file POST /api/impact/export answers. */
export const IMPACT_FILE_NAME = 'impact_preview.xlsx';

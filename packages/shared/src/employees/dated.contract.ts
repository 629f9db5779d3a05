import { z } from 'zod';
import { isCalendarDay } from '../common/calendar-day.ts';
import { backPaySchema } from '../impact/impact.contract.ts';
import { employeeViewSchema } from './employee.contract.ts';

/*
 * Dated employees: the day a write takes effect from (`effectiveFrom`), the day a read is as of
 * (`asOf`), and the changes scheduled for a day still to come.
 */

const day = (label: string) => {
  const message = `${label} must be a date written YYYY-MM-DD (e.g. 2024-03-15)`;
  return z.string({ error: message }).refine(isCalendarDay, message).optional();
};

/** `?asOf=YYYY-MM-DD`: the employees as they were (or will be) that day; absent: today. */
export const asOfQuery = z.object({ asOf: day('As Of') });

/** `?effectiveFrom=YYYY-MM-DD`: the day an employee write takes effect from; absent: today. */
export const effectiveFromQuery = z.object({ effectiveFrom: day('Effective From') });

/** One field a scheduled change moves: its API name, the value before that day and from it. */
export const scheduledFieldSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});

/** What a scheduled change changes: an employee, or a rule (a base salary, a factor, the settings). */
export const SCHEDULED_CHANGE_KINDS = ['employee', 'baseSalary', 'adjustmentFactor', 'settings'] as const;
export type ScheduledChangeKind = (typeof SCHEDULED_CHANGE_KINDS)[number];

/** A change to an employee or a rule, waiting for its day. */
export const scheduledChangeSchema = z.object({
  /** One id space for employee and rule changes: DELETE /scheduled-changes/{id} cancels either. */
  id: z.number().int(),
  kind: z.enum(SCHEDULED_CHANGE_KINDS),
  /** "Jane Doe"; "Senior / L2" (grade / level); "Backend / Lead" (job / position); "Settings". */
  subjectName: z.string(),
  /** The employee (null for a rule). */
  employeeId: z.number().int().nullable(),
  /** The employee's name (a rule's subjectName). */
  employeeName: z.string(),
  /** The day it takes effect. */
  effectiveFrom: z.string(),
  /**
   * What it changes, in the API's names: an employee's dated fields; a base salary's `amount`; a
   * factor's `type` and `factor`; the settings' fields as PUT /settings names them. `after` null: the rule is removed.
   */
  changes: z.array(scheduledFieldSchema),
  /** Who recorded it (email; null: the system) and when (ISO time). */
  recordedBy: z.string().nullable(),
  recordedAt: z.string(),
});
export type ScheduledChange = z.infer<typeof scheduledChangeSchema>;

/** One period of an employee's pay timeline: one version, from its day up to the next one's. */
export const payPeriodSchema = z.object({
  /** The first day (null: before any dated change). */
  from: z.string().nullable(),
  /** The last day (null: open: until a change not yet recorded). */
  to: z.string().nullable(),
  /** Gross per month, priced as of `from` with the rules in force then (the later of `from` and today's past); showSalary only; null without a base salary. */
  grossSalary: z.number().nullable().optional(),
  /** Total cost per month, the same way; showCost only. */
  totalCost: z.number().nullable().optional(),
  /**
   * What started the period: the first version, the dated fields that changed (API names), or
   * a salary rule starting that day (base salaries, factors, settings) that moved this pay.
   */
  cause: z.object({
    kind: z.enum(['first', 'change', 'rule']),
    changes: z.array(scheduledFieldSchema),
    /** Whether its day is still to come. */
    scheduled: z.boolean(),
  }),
});
export type PayPeriod = z.infer<typeof payPeriodSchema>;

/**
 * PUT /api/employees/{id}'s answer: the employee, and when the change was dated before today
 * what it owes for the days since (gross with showSalary, cost with showCost).
 */
export const updatedEmployeeSchema = employeeViewSchema.extend({ backPay: backPaySchema.optional() });
export type UpdatedEmployee = z.infer<typeof updatedEmployeeSchema>;

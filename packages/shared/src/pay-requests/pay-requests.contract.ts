import { z } from 'zod';
import { isCalendarDay } from '../common/calendar-day.ts';
import { plainText, requiredId } from '../common/fields.ts';
import { rowVersion, versionField } from '../common/stale-version.ts';

/*
 * Worker requests for pay information: the register of who asked for their pay statement,
 * when it was received, when it is due (two calendar months later) and when it was answered.
 * The statement of a request is the pay statement as of the day it was received.
 */

/** The form's labels, as a 400 and a stale save's 409 name the fields. */
export const PAY_REQUEST_LABELS = {
  employeeId: 'Employee',
  receivedOn: 'Received On',
  answeredOn: 'Answered On',
  note: 'Note',
} as const;

/** Every stored field's words, as the Audit Log describes a change of one. */
export const PAY_REQUEST_FIELD_LABELS: Record<string, string> = {
  employeeName: PAY_REQUEST_LABELS.employeeId,
  receivedOn: PAY_REQUEST_LABELS.receivedOn,
  dueOn: 'Due On',
  answeredOn: PAY_REQUEST_LABELS.answeredOn,
  note: PAY_REQUEST_LABELS.note,
};

export const NOTE_MAX = 1000;

/**
 * The day an answer is due: `receivedOn` plus two calendar months, on the same day of the
 * month, or the month's last day when it has none (31 December → 28 or 29 February).
 */
export function dueOnFor(receivedOn: string): string {
  const [y, m, d] = receivedOn.split('-').map(Number) as [number, number, number];
  const monthIndex = m - 1 + 2;
  const year = y + Math.floor(monthIndex / 12);
  const month = monthIndex % 12; // 0-based
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(year, 4)}-${pad(month + 1)}-${pad(day)}`;
}

/** Open and past its due day, open, or answered: the register lists them in that order. */
export const PAY_REQUEST_STATUSES = ['overdue', 'open', 'answered'] as const;
export type PayRequestStatus = (typeof PAY_REQUEST_STATUSES)[number];

export const PAY_REQUEST_STATUS_LABELS: Record<PayRequestStatus, string> = {
  overdue: 'Overdue',
  open: 'Open',
  answered: 'Answered',
};

/** A request's status on the company's `today`: overdue once its due day has passed unanswered. */
export function statusOf(r: { dueOn: string; answeredOn: string | null }, today: string): PayRequestStatus {
  if (r.answeredOn !== null) return 'answered';
  return r.dueOn < today ? 'overdue' : 'open';
}

const day = (label: string) => {
  const message = `${label} must be a date written YYYY-MM-DD (e.g. 2024-03-15)`;
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : message) })
    .refine(isCalendarDay, message)
    .refine((v) => v >= '1900-01-01', `${label} must be in 1900 or later`);
};

const note = plainText(PAY_REQUEST_LABELS.note)
  .trim()
  .max(NOTE_MAX, `${PAY_REQUEST_LABELS.note} must be at most ${NOTE_MAX} characters`);

/** Record a request: who asked and the day it was received. */
export const createPayRequestBody = z.object({
  employeeId: requiredId(PAY_REQUEST_LABELS.employeeId),
  receivedOn: day(PAY_REQUEST_LABELS.receivedOn),
  answeredOn: day(PAY_REQUEST_LABELS.answeredOn).nullable().optional(),
  note: note.optional(),
});
export type CreatePayRequestBody = z.input<typeof createPayRequestBody>;

/** Edit a request or mark it answered; who asked stays (a request recorded for the wrong person is deleted). */
export const updatePayRequestBody = z.object({
  receivedOn: day(PAY_REQUEST_LABELS.receivedOn),
  answeredOn: day(PAY_REQUEST_LABELS.answeredOn).nullable().optional(),
  note: note.optional(),
  version: versionField,
});
export type UpdatePayRequestBody = z.input<typeof updatePayRequestBody>;

export const payRequestSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  /** The name when the request was recorded: the register keeps it after the employee is deleted. */
  employeeName: z.string(),
  /** False once the employee is deleted: no statement can be made for them. */
  employeeExists: z.boolean(),
  receivedOn: z.string(),
  dueOn: z.string(),
  answeredOn: z.string().nullable(),
  note: z.string().nullable(),
  status: z.enum(PAY_REQUEST_STATUSES),
  /** The email of who recorded it. */
  recordedBy: z.string(),
  recordedAt: z.string(),
  version: rowVersion,
});
export type PayRequest = z.infer<typeof payRequestSchema>;

export const payRequestRegisterSchema = z.object({
  /** The company's today, the day "overdue" is counted on. */
  today: z.string(),
  /** Overdue first (oldest due first), then open by due day, then answered (latest first). */
  requests: z.array(payRequestSchema),
});
export type PayRequestRegister = z.infer<typeof payRequestRegisterSchema>;

/** The statement file of a request: the employee's id and the day it is as of. */
export const REQUEST_STATEMENT_FILE_NAME = (employeeId: number, day: string) =>
  `pay_statement_${employeeId}_${day}.pdf`;

import { z } from 'zod';
import { emailOrId, plainText } from '../common/fields.ts';

/*
 * The audit trail and pay history (issue 15): every write leaves one entry naming who did
 * what to which record, field by field in the API's names and in the form's words; every move of an employee's
 * computed gross or total cost leaves a pay-history row pointing at the entry that caused it.
 */

/** Each action an entry records, as the Audit Log's Action column says it. */
export const AUDIT_ACTION_WORDS: Readonly<Record<string, string>> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  reorder: 'Reordered',
  password: 'Password changed',
  'end-sessions': 'Signed out everywhere',
  bulkSave: 'Saved',
  import: 'Imported',
  revert: 'Reverted',
  restore: 'Restored',
  propose: 'Proposed',
  submit: 'Submitted',
  approve: 'Approved',
  'send-back': 'Sent back',
  apply: 'Applied',
  answer: 'Answered',
};

/** The salary rules' kinds of record: each update of one can be reverted from the Audit Log. */
export const RULE_ENTITY_TYPES = [
  'job',
  'position',
  'grade',
  'level',
  'baseSalary',
  'adjustmentFactor',
  'settings',
] as const;

/** The kinds of record an entry is about. */
export const AUDIT_ENTITY_TYPES = [
  'user',
  ...RULE_ENTITY_TYPES,
  'company',
  'employee',
  'import',
  'payRequest',
  'raiseCycle',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const AUDIT_ENTITY_LABELS: Record<AuditEntityType, string> = {
  user: 'User',
  job: 'Job',
  position: 'Position',
  grade: 'Grade',
  level: 'Level',
  baseSalary: 'Base salary',
  adjustmentFactor: 'Adjustment factor',
  settings: 'Settings',
  company: 'Company',
  employee: 'Employee',
  import: 'Import',
  payRequest: 'Pay request',
  raiseCycle: 'Raise cycle',
};

export const auditChangeSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.number().int().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** What the entry is about, in words: "Base salary Junior / L1". */
  summary: z.string(),
  /** The stored change list, field by field in the API's names (keys, ids, constants). */
  changes: z.array(auditChangeSchema),
  /** The same changes in the words of the form that made them, names for ids: "Level: Senior → Mid". */
  described: z.array(z.string()),
  /** What the action kept beside the changes (an import's rows, for its revert), or null. */
  details: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_MAX = 200;

const isoDate = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), { message: 'Must be a date (YYYY-MM-DD or ISO 8601)' });

export const auditQuery = z.object({
  entityType: z.enum(AUDIT_ENTITY_TYPES).optional(),
  entityId: plainText('Entity id').trim().min(1).max(100).optional(),
  /** Part of the record's name as entries show it ("Ana Lima", "Junior / L1"), any letter case. */
  record: plainText('Record').trim().min(1).max(200).optional(),
  /** The actor's email (exact, any letter case) or user id. */
  actor: emailOrId('Actor').optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** The `nextCursor` of the previous page: entries older than it. */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
});
export type AuditQuery = z.input<typeof auditQuery>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** One move of an employee's pay; a figure the caller may not see is absent. */
export const payHistoryRowSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  auditId: z.number().int(),
  /**
   * The cause in words, amounts of money rules only for a viewer who may read them:
   * "Base salary Junior / L1: $1,000.00 → $1,500.00 by admin@example.com".
   */
  cause: z.string(),
  grossBefore: z.number().nullable().optional(),
  grossAfter: z.number().nullable().optional(),
  costBefore: z.number().nullable().optional(),
  costAfter: z.number().nullable().optional(),
});
export type PayHistoryRow = z.infer<typeof payHistoryRowSchema>;

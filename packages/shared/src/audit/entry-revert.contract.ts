import { z } from 'zod';
import { RULE_ENTITY_TYPES } from './audit.contract.ts';

/*
 * Reverting one audit entry other than an import: POST /audit/{id}/revert puts back what the
 * entry's write changed — an employee's edit, an employee's delete (a restore: the employee
 * comes back with the same id) or a rule change — unless a later write touched the same
 * record, in which case nothing is written and the answer names it.
 */

/** The error codes of a refused revert or restore (the envelope's `error`). */
export const ENTRY_REVERT_ERRORS = {
  /** An entry whose write cannot be put back (a user, a sign-out, a create …). */
  notRevertable: 'NOT_REVERTABLE',
  /** A later write touched the same record. */
  changedSince: 'CHANGED_SINCE',
  /** A job, position, grade, level or custom multiplier the record needs is gone. */
  referenceGone: 'REFERENCE_GONE',
  /** The restored employee's id belongs to an employee again. */
  idTaken: 'ID_TAKEN',
} as const;

/** The record kinds whose updates can be reverted: the salary rules. */
export const REVERTABLE_RULES = RULE_ENTITY_TYPES;

/** The grid rules: a cell's create and delete, and the base-salary grid's save, revert too. */
const GRID_RULES = ['baseSalary', 'adjustmentFactor'];
const GRID_WRITES = ['create', 'delete', 'bulkSave'];
/** The lists with an order of their own: their reorder reverts. */
const ORDERED_LISTS = ['grade', 'level'];

/** What an entry of a dated rule write keeps about the versions it left (see the server's rule calendar). */
export interface RuleEntryDetails {
  /** The versions the write left on each rule's day, and what they replaced. */
  ruleVersions?: unknown;
  /** The write's day, when not the day it was made. */
  effectiveFrom?: string;
  /** Its day was still to come. */
  scheduled?: boolean;
  /** A scheduled change applied or cancelled (by the system, or from the scheduled list). */
  scheduledChangeApplied?: string;
  scheduledChangeCancelled?: string;
}

/**
 * What the Audit Log offers for an entry: 'restore' for an employee's delete, 'revert' for an
 * employee's edit, a rule's update, a grid cell's create or delete (and the base-salary grid's
 * save) that kept its dated versions, a reorder of grades or levels, or an import; nothing
 * otherwise (a scheduled rule change applied or cancelled is undone from the scheduled list,
 * not here). The server decides the same way (and refuses what changed since when asked).
 */
export function revertKind(entry: {
  action: string;
  entityType: string;
  details?: unknown;
}): 'restore' | 'revert' | null {
  const { action, entityType } = entry;
  if (entityType === 'employee')
    return action === 'delete' ? 'restore' : action === 'update' ? 'revert' : null;
  if (entityType === 'import') return action === 'import' ? 'revert' : null;
  if (entityType === 'raiseCycle') return action === 'apply' ? 'revert' : null;
  const details = (entry.details ?? {}) as RuleEntryDetails;
  if (details.scheduledChangeApplied !== undefined || details.scheduledChangeCancelled !== undefined)
    return null;
  if (action === 'update' && (REVERTABLE_RULES as readonly string[]).includes(entityType)) return 'revert';
  if (action === 'reorder' && ORDERED_LISTS.includes(entityType)) return 'revert';
  if (GRID_WRITES.includes(action) && GRID_RULES.includes(entityType) && Array.isArray(details.ruleVersions))
    return 'revert';
  return null;
}

/**
 * The confirmation's words for reverting `entry` (one `revertKind` answers 'revert' for, other
 * than an import): what the revert will do, from the entry's own record.
 */
export function revertPrompt(
  entry: { action: string; entityType: string; details?: unknown },
  formatDay: (day: string) => string = (day) => day,
): string {
  const details = (entry.details ?? {}) as RuleEntryDetails & { backPay?: unknown };
  const ask = 'Are you sure you want to revert this change?';
  const noun = entry.entityType === 'adjustmentFactor' ? 'adjustment factor' : 'base salary';
  if (entry.action === 'reorder') return `${ask} The order before it is put back.`;
  if (entry.entityType === 'raiseCycle')
    return `${ask} Every raise and move it applied is withdrawn${
      details.effectiveFrom === undefined ? '' : ` from ${formatDay(details.effectiveFrom)}`
    }, and the cycle is approved again.`;
  if (entry.action === 'create') return `${ask} The ${noun} it created is deleted.`;
  if (entry.action === 'delete') return `${ask} The ${noun} it deleted is put back with its values.`;
  const day = details.effectiveFrom;
  if (day !== undefined && details.scheduled)
    return `${ask} The change scheduled for ${formatDay(day)} is withdrawn; nothing changes today.`;
  if (day !== undefined)
    return `${ask} The values before it are put back from ${formatDay(day)} on${
      details.backPay ? ', and the back pay it counted is reversed' : ''
    }.`;
  return `${ask} The values before it are put back.`;
}

/** The answer of a revert or restore of an entry other than an import. */
export const entryRevertResult = z.object({
  /** The entry that was reverted. */
  entryId: z.number().int(),
  /** The revert's own audit entry. */
  revertId: z.number().int(),
  /** 'restore' (a deleted employee is back) or 'revert' (the earlier values are back). */
  action: z.enum(['restore', 'revert']),
  entityType: z.string(),
  entityId: z.number().int().nullable(),
});
export type EntryRevertResult = z.infer<typeof entryRevertResult>;

/** The toast of a revert or restore that went through. */
export const revertToast = (kind: 'restore' | 'revert') =>
  kind === 'restore' ? 'Employee restored' : 'Change reverted';

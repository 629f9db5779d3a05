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

/**
 * What the Audit Log offers for an entry: 'restore' for an employee's delete, 'revert' for an
 * employee's edit, a rule's update or an import, nothing otherwise. The server decides the
 * same way (and refuses what changed since when asked).
 */
export function revertKind(entry: { action: string; entityType: string }): 'restore' | 'revert' | null {
  const { action, entityType } = entry;
  if (entityType === 'employee')
    return action === 'delete' ? 'restore' : action === 'update' ? 'revert' : null;
  if (entityType === 'import') return action === 'import' ? 'revert' : null;
  return action === 'update' && (REVERTABLE_RULES as readonly string[]).includes(entityType)
    ? 'revert'
    : null;
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

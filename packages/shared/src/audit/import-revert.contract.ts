import { z } from 'zod';

/*
 * "Revert this import" (issue 22, item 7): POST /audit/{id}/revert undoes an import entry —
 * the employees it created are deleted, the ones it changed get their earlier values back —
 * unless a later change touched one of them, in which case nothing is written and the answer
 * names every such employee.
 */

/** The error codes of a refused revert (the envelope's `error`). */
export const IMPORT_REVERT_ERRORS = {
  notAnImport: 'NOT_AN_IMPORT',
  alreadyReverted: 'IMPORT_ALREADY_REVERTED',
  touchedLater: 'IMPORT_TOUCHED_LATER',
  /** A changed employee's earlier job, position, grade or level was deleted since. */
  referenceGone: 'IMPORT_REFERENCE_GONE',
} as const;

/** The answer of a revert that went through. */
export const importRevertResult = z.object({
  /** The import entry that was reverted. */
  importId: z.number().int(),
  /** The revert's own audit entry. */
  revertId: z.number().int(),
  /** Employees the import created, now deleted. */
  deleted: z.number().int(),
  /** Employees the import changed, now holding their earlier values again. */
  restored: z.number().int(),
});
export type ImportRevertResult = z.infer<typeof importRevertResult>;

/** One employee a later change touched (a refused revert's `data.employees`). */
export const importRevertBlocker = z.object({
  id: z.number().int(),
  name: z.string(),
  /** When and by whom it was changed after the import (null when only its state tells). */
  at: z.string().nullable(),
  by: z.string().nullable(),
  /** The later entry's action ('update', 'delete', 'import', 'revert'), or 'changed' from its state. */
  action: z.string(),
});
export type ImportRevertBlocker = z.infer<typeof importRevertBlocker>;

/** How many employees a revert of this import entry would delete and restore (its details). */
export function importRevertCounts(details: unknown): { deleted: number; restored: number } {
  const d = (details ?? {}) as { created?: unknown; changed?: unknown; updated?: unknown };
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return { deleted: n(d.created), restored: n(d.changed ?? d.updated) };
}

/** The confirmation's words: "This deletes 2 employees it created and restores 1 it changed." */
export function importRevertPrompt(counts: { deleted: number; restored: number }): string {
  const people = (n: number) => `${n} employee${n === 1 ? '' : 's'}`;
  return `This deletes ${people(counts.deleted)} the import created and restores ${people(counts.restored)} it changed to their earlier values.`;
}

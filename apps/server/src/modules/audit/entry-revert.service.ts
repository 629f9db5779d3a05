import type { AuditChange } from '@salary/shared/audit/audit.contract';
import {
  ENTRY_REVERT_ERRORS,
  type EntryRevertResult,
  revertKind,
} from '@salary/shared/audit/entry-revert.contract';
import type { ImportRevertResult } from '@salary/shared/audit/import-revert.contract';
import { todayIn } from '@salary/shared/common/calendar-day';
import { type DateTimeFormat, formatDateTime } from '@salary/shared/common/date-time';
import type { Actor } from '@salary/shared/common/permissions';
import type { EmployeeInput } from '@salary/shared/employees/employee.contract';
import { EMPLOYEE_FIELDS } from '@salary/shared/employees/employee-fields';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { requireAdmin, requirePermission } from '../../lib/authorize.ts';
import type { RepositoryOn, UnitOfWork } from '../../lib/unit-of-work.ts';
import { revertingUnit } from './audit-recording.service.ts';
import type { EntryRevertRepository, LaterWrite, RevertedEntry } from './entry-revert.repository.ts';

/*
 * Revert (and Restore) on an audit entry: puts back exactly what the entry's write changed,
 * from the entry's own change list (`changes`, before → after in the API's names), in the
 * route's one unit of work, or nothing at all:
 *   - an employee's delete → a restore: the employee back under the same id with every field,
 *     custom multiplier and day the delete recorded, and its dated versions (past and
 *     scheduled) as the delete kept them in `details.versions` (its pay history was never removed);
 *   - an employee's edit → the fields it changed get their `before` values back;
 *   - a dated rule's write (a base salary's or adjustment factor's create, update or delete,
 *     the base-salary grid's save, a settings save) that kept its versions
 *     (`details.ruleVersions`) → the rule calendar puts back, on the write's own day, the
 *     versions it replaced (past, today or scheduled alike; back pay counted as for any dated
 *     write), never touching a later one;
 *   - a reorder of grades or levels → the list's own reorder puts the earlier orders back;
 *   - any other rule's update (job, position, grade, level, and a dated rule's update recorded
 *     before its entry kept versions) → the rule's own service writes the `before` values back
 *     from today, so its rules (unique names, a position in use keeps its job) and its pay
 *     history apply as to any edit;
 *   - an import → the import's own revert (excel/import-revert.service.ts);
 *   - a raise cycle's application → the cycle's own revert (raise-cycles.service.ts).
 * Refused whole (409) when a later write touched the same record (from the trail: it names
 * when and by whom; for a dated rule any later write of a version of the same rule, whatever
 * its row), or when a job, position, grade, level or custom multiplier the record needs is
 * gone. The revert records its own entry: the restore as action 'restore', a revert
 * through the domain's write as action 'revert' with `details.revertOf` (audit-recording).
 * Who may: a restore as deleting an employee (deleteEmployee); every other revert admin only.
 */

/** A version of a deleted employee as its delete entry kept it (`details.versions`). */
export interface KeptEmployeeVersion {
  effectiveFrom: string;
  /** The dated fields by input name. */
  values: Record<string, unknown>;
  applied: boolean;
  recordedBy: string | null;
  recordedAt: string;
}

/** A rule domain's write of its `before` values, and the current values a write needs. */
export interface RuleReverter {
  revert(uow: UnitOfWork, actor: Actor, id: number | null, before: Record<string, unknown>): Promise<unknown>;
}

/** The kinds of dated rule (the rule calendar's). */
const DATED_KINDS = ['BASE_SALARY', 'ADJUSTMENT_FACTOR', 'SETTINGS'] as const;
type DatedKind = (typeof DATED_KINDS)[number];

/** A version a dated rule write left on one rule's day, as its entry keeps it (the calendar's KeptRuleVersion). */
export interface KeptVersion {
  kind: DatedKind;
  key: Partial<Record<'grade_id' | 'level_id' | 'job_id' | 'position_id', number>>;
  day: string;
  value: Record<string, unknown> | null;
  removed?: true;
  replaced: { value: Record<string, unknown> | null; recordedBy: string | null; recordedAt: string } | null;
  rowId?: number;
}

/**
 * A dated rule write to undo, as its audit entry recorded it. The rule calendar undoes it with
 * its own, narrower type of the versions kept (`KeptRuleVersion`).
 */
export interface DatedWrite<Kept = KeptVersion> {
  id: number;
  at: Date;
  actorEmail: string;
  entityType: string;
  /** The rule's row (a cell's create, update or delete); null for a grid save or the settings. */
  entityId: number | null;
  label: string;
  changes: AuditChange[];
  /** The rows a grid save wrote. */
  ids: number[];
  /** The versions it left (`details.ruleVersions`). */
  kept: Kept[];
  /** The day it was made on, in the company's zone (a rule created with no day counts from it). */
  madeOn: string;
}

/** A list with an order of its own (grades, levels): its rows and its reorder. */
export interface OrderedList {
  rows(tx: DbOrTx): Promise<Array<{ id: number; name: string; order: number }>>;
  reorder(uow: UnitOfWork, actor: Actor, pairs: Array<{ id: number; order: number }>): Promise<unknown>;
}

export interface EntryRevertDeps {
  entries: RepositoryOn<EntryRevertRepository>;
  revertImport(uow: UnitOfWork, actor: Actor, importId: number): Promise<ImportRevertResult>;
  /** A raise cycle's application undone (raise-cycles.service.ts `revertApplication`). */
  revertRaiseCycle(uow: UnitOfWork, entry: RevertedEntry): Promise<EntryRevertResult>;
  employees: {
    /** The employee as stored (input names), with its custom multipliers; undefined: gone. */
    stored(id: number, tx: DbOrTx): Promise<EmployeeInput | undefined>;
    update(uow: UnitOfWork, actor: Actor, id: number, input: EmployeeInput): Promise<unknown>;
    /** `versions`: put back exactly, in place of one version from the start (none: that one). */
    restore(
      uow: UnitOfWork,
      actor: Actor,
      id: number,
      input: EmployeeInput,
      versions: readonly KeptEmployeeVersion[],
    ): Promise<void>;
  };
  /** What exists now: an employee's references and the custom multipliers. */
  references(tx: DbOrTx): Promise<{
    jobs: Set<number>;
    positions: Map<number, number>;
    grades: Set<number>;
    levels: Set<number>;
    customMultipliers: Set<string>;
  }>;
  rules: Record<string, RuleReverter>;
  /** The rule calendar: the versions a write left, still as it left them?, and its undo. */
  dated: {
    notAsLeft(tx: DbOrTx, kept: readonly KeptVersion[]): Promise<KeptVersion[]>;
    undo(uow: UnitOfWork, write: DatedWrite): Promise<void>;
  };
  /** Grades and levels, by entity type. */
  orderedLists: Record<string, OrderedList>;
  format(tx: DbOrTx): Promise<DateTimeFormat>;
}

const WIRE_TO_INPUT = new Map<string, string>(EMPLOYEE_FIELDS.map((f) => [f.wire, f.input]));
const REFERENCES = [
  { input: 'jobId', kind: 'job' },
  { input: 'positionId', kind: 'position' },
  { input: 'gradeId', kind: 'grade' },
  { input: 'levelId', kind: 'level' },
] as const;

const refuse = (code: string, message: string, data: unknown = null) =>
  new AppError(409, code, message, data);
const changesOf = (entry: RevertedEntry): AuditChange[] =>
  Array.isArray(entry.changes) ? (entry.changes as AuditChange[]) : [];
/** The versions a delete entry kept (none for a delete recorded before deletes kept them). */
function keptVersions(entry: RevertedEntry): KeptEmployeeVersion[] {
  const versions = (entry.details as { versions?: unknown } | null)?.versions;
  if (!Array.isArray(versions)) return [];
  return versions.filter(
    (v): v is KeptEmployeeVersion =>
      typeof v === 'object' &&
      v !== null &&
      typeof v.effectiveFrom === 'string' &&
      typeof v.values === 'object',
  );
}
const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0;
/** The versions a dated rule write kept (`details.ruleVersions`); null: none, or not of that shape. */
function keptRuleVersions(entry: RevertedEntry): KeptVersion[] | null {
  const list = (entry.details as { ruleVersions?: unknown } | null)?.ruleVersions;
  if (!Array.isArray(list) || list.length === 0) return null;
  const valid = list.every((v) => {
    if (typeof v !== 'object' || v === null) return false;
    const k = v as Partial<KeptVersion>;
    return (
      (DATED_KINDS as readonly unknown[]).includes(k.kind) &&
      typeof k.day === 'string' &&
      typeof k.key === 'object' &&
      k.key !== null &&
      Object.values(k.key).every(isId) &&
      k.replaced !== undefined &&
      (k.replaced === null ||
        (typeof k.replaced === 'object' && typeof k.replaced.recordedAt === 'string')) &&
      (k.rowId === undefined || isId(k.rowId))
    );
  });
  return valid ? (list as KeptVersion[]) : null;
}
/** The orders a reorder entry moved, by id (`details.moved`; before it kept them, from names). */
async function movedBy(
  entry: RevertedEntry,
  rows: () => Promise<Array<{ id: number; name: string }>>,
): Promise<Array<{ id: number; order: number }> | null> {
  const details = (entry.details ?? {}) as { moved?: unknown; ids?: unknown };
  if (Array.isArray(details.moved))
    return details.moved.flatMap((m) => {
      const { id, before } = (m ?? {}) as { id?: unknown; before?: unknown };
      return isId(id) && Number.isInteger(before) ? [{ id, order: before as number }] : [];
    });
  // An entry recorded before: its changes name each row ("Senior.order"), among its ids.
  const ids = new Set(Array.isArray(details.ids) ? details.ids.filter(isId) : []);
  const named = new Map((await rows()).filter((r) => ids.has(r.id)).map((r) => [`${r.name}.order`, r.id]));
  const moved: Array<{ id: number; order: number }> = [];
  for (const c of changesOf(entry)) {
    const id = named.get(c.field);
    if (id === undefined || !Number.isInteger(c.before)) return null;
    moved.push({ id, order: c.before as number });
  }
  return moved;
}
const labelOf = (entry: RevertedEntry) =>
  String(
    (entry.details as { label?: unknown } | null)?.label ??
      `${entry.entityType} ${entry.entityId ?? ''}`.trim(),
  );

/** The answer of a revert (or restore) of `entry` on record `entityId`: its own entry, the unit's last. */
const answered = (
  uow: UnitOfWork,
  entry: RevertedEntry,
  action: EntryRevertResult['action'],
  entityType: string,
  entityId: number | null,
): EntryRevertResult => ({
  entryId: entry.id,
  revertId: uow.audit.recorded.at(-1)!,
  action,
  entityType,
  entityId,
});

export function createEntryRevertService(deps: EntryRevertDeps) {
  /** "the grade "Senior"": a record named as its last entry named it (it is gone now). */
  async function goneName(tx: DbOrTx, kind: string, id: number): Promise<string> {
    const last = await deps.entries(tx).lastEntryOf(kind, id);
    const name =
      changesOf({ changes: last?.changes } as RevertedEntry).find((c) => c.field === 'name')?.before ??
      (last?.details as { label?: string } | undefined)?.label?.replace(/^\S+\s/, '');
    const noun = kind === 'job' ? 'job' : kind;
    return typeof name === 'string' ? `the ${noun} "${name}"` : `the ${noun} ${id}`;
  }

  /** The references of an employee's values that are gone, in words; empty: all there. */
  async function goneReferences(tx: DbOrTx, values: Record<string, unknown>, fields: Set<string>) {
    const now = await deps.references(tx);
    const problems: string[] = [];
    for (const { input, kind } of REFERENCES) {
      if (!fields.has(input)) continue;
      // A position goes with its job: the job is the cause.
      if (
        kind === 'position' &&
        problems.length &&
        fields.has('jobId') &&
        !now.jobs.has(values.jobId as number)
      )
        continue;
      const id = values[input] as number;
      const exists =
        kind === 'job'
          ? now.jobs.has(id)
          : kind === 'position'
            ? now.positions.has(id)
            : kind === 'grade'
              ? now.grades.has(id)
              : now.levels.has(id);
      if (!exists) problems.push(`${await goneName(tx, kind, id)} no longer exists`);
    }
    if (fields.has('positionId') && problems.length === 0) {
      const job = now.positions.get(values.positionId as number);
      if (job !== values.jobId) problems.push('its position no longer belongs to its job');
    }
    if (fields.has('customMultiplierIds'))
      for (const id of (values.customMultiplierIds as string[] | null) ?? [])
        if (!now.customMultipliers.has(id)) problems.push(`the custom multiplier ${id} no longer exists`);
    return problems;
  }

  /** The 409 of a record written again since the entry: the first later writes, when and by whom. */
  async function refuseChangedSince(
    tx: DbOrTx,
    verb: string,
    entry: RevertedEntry,
    later: LaterWrite[],
  ): Promise<never> {
    const format = await deps.format(tx);
    const shown = later
      .slice(0, 3)
      .map((w) => `${w.action} on ${formatDateTime(w.at, format)} by ${w.actorEmail}`);
    const more = later.length > 3 ? `, and ${later.length - 3} more` : '';
    throw refuse(
      ENTRY_REVERT_ERRORS.changedSince,
      `Cannot ${verb}: ${labelOf(entry)} was changed after this entry (${shown.join('; ')}${more})`,
      { later: later.map((w) => ({ id: w.id, at: w.at.toISOString(), by: w.actorEmail, action: w.action })) },
    );
  }

  /** The employee's values the entry changed, by input name, as they were before it. */
  function employeeBefore(changes: AuditChange[]): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    for (const c of changes) {
      if (c.field === 'customMultipliers') values.customMultiplierIds = c.before ?? [];
      else {
        const input = WIRE_TO_INPUT.get(c.field);
        if (input !== undefined) values[input] = c.before;
      }
    }
    return values;
  }

  async function restore(uow: UnitOfWork, actor: Actor, entry: RevertedEntry): Promise<EntryRevertResult> {
    const { tx } = uow;
    const id = Number(entry.entityId);
    const changes = changesOf(entry);
    if (!changes.some((c) => c.field === 'name'))
      throw new AppError(
        400,
        ENTRY_REVERT_ERRORS.notRevertable,
        'This delete did not record the employee, so it cannot be restored',
      );
    const later = await deps
      .entries(tx)
      .laterWrites({ entityType: 'employee', entityId: entry.entityId }, entry.id);
    if (later.length) await refuseChangedSince(tx, 'restore', entry, later);
    // Every field the delete recorded; a field it left out was empty (null) then.
    const input: Record<string, unknown> = Object.fromEntries(EMPLOYEE_FIELDS.map((f) => [f.input, null]));
    Object.assign(input, { customMultiplierIds: [] }, employeeBefore(changes));
    const fields = new Set(['jobId', 'positionId', 'gradeId', 'levelId', 'customMultiplierIds']);
    const gone = await goneReferences(tx, input, fields);
    // Its past and scheduled versions name their job, position, grade and level too (a custom
    // multiplier removed since only stops counting, as for any employee's earlier version).
    const versions = keptVersions(entry);
    fields.delete('customMultiplierIds');
    for (const v of versions)
      for (const problem of await goneReferences(tx, v.values, fields))
        if (!gone.includes(problem)) gone.push(problem);
    if (gone.length) throw refuse(ENTRY_REVERT_ERRORS.referenceGone, `Cannot restore: ${gone.join('; ')}`);
    await deps.employees.restore(uow, actor, id, input as unknown as EmployeeInput, versions);
    return answered(uow, entry, 'restore', 'employee', id);
  }

  async function revertEmployeeEdit(
    uow: UnitOfWork,
    actor: Actor,
    entry: RevertedEntry,
  ): Promise<EntryRevertResult> {
    const { tx } = uow;
    const id = Number(entry.entityId);
    const later = await deps
      .entries(tx)
      .laterWrites({ entityType: 'employee', entityId: entry.entityId }, entry.id);
    if (later.length) await refuseChangedSince(tx, 'revert', entry, later);
    const stored = await deps.employees.stored(id, tx);
    if (!stored)
      throw refuse(ENTRY_REVERT_ERRORS.changedSince, `Cannot revert: ${labelOf(entry)} no longer exists`);
    const before = employeeBefore(changesOf(entry));
    const input = { ...stored, ...before } as Record<string, unknown>;
    const gone = await goneReferences(tx, input, new Set(Object.keys(before)));
    if (gone.length) throw refuse(ENTRY_REVERT_ERRORS.referenceGone, `Cannot revert: ${gone.join('; ')}`);
    const unit = revertingUnit(uow, entry.id);
    await deps.employees.update(unit, actor, id, input as unknown as EmployeeInput);
    return answered(uow, entry, 'revert', 'employee', id);
  }

  async function revertRule(uow: UnitOfWork, actor: Actor, entry: RevertedEntry): Promise<EntryRevertResult> {
    const { tx } = uow;
    const rule = deps.rules[entry.entityType]!;
    const later = await deps.entries(tx).laterWrites(entry, entry.id);
    if (later.length) await refuseChangedSince(tx, 'revert', entry, later);
    const before = Object.fromEntries(changesOf(entry).map((c) => [c.field, c.before]));
    const id = entry.entityId === null ? null : Number(entry.entityId);
    try {
      await rule.revert(revertingUnit(uow, entry.id), actor, id, before);
    } catch (error) {
      // The rule's own refusals (a name taken since, a reference gone) say why, as a conflict.
      if (error instanceof AppError && (error.statusCode === 400 || error.statusCode === 404))
        throw refuse(ENTRY_REVERT_ERRORS.referenceGone, `Cannot revert: ${error.message}`);
      throw error;
    }
    return answered(uow, entry, 'revert', entry.entityType, id);
  }

  /** Each later write of any of these records, oldest first, once each. */
  const mergeLater = (lists: LaterWrite[][]) =>
    [...new Map(lists.flat().map((w) => [w.id, w])).values()].sort((a, b) => a.id - b.id);

  /** The grades, levels, jobs and positions a dated rule names that are gone, in words. */
  async function goneRuleReferences(tx: DbOrTx, kept: readonly KeptVersion[]): Promise<string[]> {
    const now = await deps.references(tx);
    const problems: string[] = [];
    const sides = [
      ['grade_id', 'grade', now.grades],
      ['level_id', 'level', now.levels],
      ['job_id', 'job', now.jobs],
      ['position_id', 'position', now.positions],
    ] as const;
    for (const k of kept) {
      for (const [column, kind, found] of sides) {
        const id = k.key[column];
        if (id === undefined || found.has(id)) continue;
        const problem = `${await goneName(tx, kind, id)} no longer exists`;
        if (!problems.includes(problem)) problems.push(problem);
      }
      // A factor put back needs its position still under its job.
      const { job_id: job, position_id: position } = k.key;
      if (
        k.kind === 'ADJUSTMENT_FACTOR' &&
        k.replaced?.value &&
        job !== undefined &&
        position !== undefined &&
        now.positions.has(position) &&
        now.positions.get(position) !== job &&
        !problems.includes('its position no longer belongs to its job')
      )
        problems.push('its position no longer belongs to its job');
    }
    return problems;
  }

  async function revertDated(
    uow: UnitOfWork,
    entry: RevertedEntry,
    kept: KeptVersion[],
  ): Promise<EntryRevertResult> {
    const { tx } = uow;
    const entries = deps.entries(tx);
    const later = mergeLater([
      await entries.laterRuleWrites(kept, entry.id),
      entry.entityId === null ? [] : await entries.laterWrites(entry, entry.id),
    ]);
    if (later.length) await refuseChangedSince(tx, 'revert', entry, later);
    const gone = await goneRuleReferences(tx, kept);
    if (gone.length) throw refuse(ENTRY_REVERT_ERRORS.referenceGone, `Cannot revert: ${gone.join('; ')}`);
    // What the trail cannot show (a version removed with its grade, say): the versions themselves.
    const moved = await deps.dated.notAsLeft(tx, kept);
    if (moved.length) {
      const days = [...new Set(moved.map((k) => k.day))].join(', ');
      throw refuse(
        ENTRY_REVERT_ERRORS.changedSince,
        `Cannot revert: ${labelOf(entry)} was changed after this entry (its version from ${days} is no longer the one it left)`,
      );
    }
    const id = entry.entityId !== null && /^\d+$/.test(entry.entityId) ? Number(entry.entityId) : null;
    const ids = (entry.details as { ids?: unknown } | null)?.ids;
    await deps.dated.undo(uow, {
      id: entry.id,
      at: entry.at instanceof Date ? entry.at : new Date(entry.at),
      actorEmail: entry.actorEmail,
      entityType: entry.entityType,
      entityId: id,
      label: labelOf(entry),
      changes: changesOf(entry),
      ids: Array.isArray(ids) ? ids.filter(isId) : [],
      kept,
      madeOn: todayIn(
        (await deps.format(tx)).timeZone,
        entry.at instanceof Date ? entry.at : new Date(entry.at),
      ),
    });
    return answered(uow, entry, 'revert', entry.entityType, id);
  }

  async function revertReorder(
    uow: UnitOfWork,
    actor: Actor,
    entry: RevertedEntry,
  ): Promise<EntryRevertResult> {
    const { tx } = uow;
    const list = deps.orderedLists[entry.entityType]!;
    const moved = await movedBy(entry, () => list.rows(tx));
    const ids = moved?.map((m) => m.id) ?? [];
    // Each row it moved: written since (renamed, moved again, deleted) refuses the whole revert.
    const later = mergeLater(
      await Promise.all(
        ids.map((id) =>
          deps.entries(tx).laterWrites({ entityType: entry.entityType, entityId: String(id) }, entry.id),
        ),
      ),
    );
    if (later.length) await refuseChangedSince(tx, 'revert', entry, later);
    if (!moved)
      throw refuse(
        ENTRY_REVERT_ERRORS.changedSince,
        `Cannot revert: ${labelOf(entry)} names a row that is no longer there under that name`,
      );
    try {
      await list.reorder(revertingUnit(uow, entry.id), actor, moved);
    } catch (error) {
      if (error instanceof AppError && (error.statusCode === 400 || error.statusCode === 404))
        throw refuse(ENTRY_REVERT_ERRORS.referenceGone, `Cannot revert: ${error.message}`);
      throw error;
    }
    return answered(uow, entry, 'revert', entry.entityType, null);
  }

  return {
    /** Reverts (or restores) what audit entry `entryId` recorded, in the route's unit of work. */
    async revert(
      uow: UnitOfWork,
      actor: Actor,
      entryId: number,
    ): Promise<EntryRevertResult | ImportRevertResult> {
      const entry = await deps.entries(uow.tx).lockEntry(entryId);
      if (!entry) {
        requireAdmin(actor, 'Only administrators can revert a change');
        throw notFound('Audit entry not found');
      }
      const kind = revertKind(entry);
      if (kind === 'restore') requirePermission(actor, 'deleteEmployee');
      else if (entry.entityType === 'import') return deps.revertImport(uow, actor, entryId);
      else requireAdmin(actor, 'Only administrators can revert a change');
      const notRevertable = () =>
        new AppError(
          400,
          ENTRY_REVERT_ERRORS.notRevertable,
          `Audit entry ${entryId} cannot be reverted: only an employee's edit or delete, a rule's update, a grid cell's create or delete, a grid save, a reorder, an import or a raise cycle's application can`,
        );
      if (kind === null) throw notRevertable();
      if (kind === 'restore') return restore(uow, actor, entry);
      if (entry.entityType === 'raiseCycle') return deps.revertRaiseCycle(uow, entry);
      if (entry.entityType === 'employee') return revertEmployeeEdit(uow, actor, entry);
      if (entry.action === 'reorder') return revertReorder(uow, actor, entry);
      const kept = keptRuleVersions(entry);
      if (kept) return revertDated(uow, entry, kept);
      if (entry.action !== 'update') throw notRevertable();
      return revertRule(uow, actor, entry);
    },
  };
}

export type EntryRevertService = ReturnType<typeof createEntryRevertService>;

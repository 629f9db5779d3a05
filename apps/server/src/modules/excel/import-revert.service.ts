import { IMPORT_REVERT_ERRORS, type ImportRevertResult } from '@salary/shared/audit/import-revert.contract';
import { isCalendarDay } from '@salary/shared/common/calendar-day';
import type { DateTimeFormat } from '@salary/shared/common/date-time';
import type { Actor } from '@salary/shared/common/permissions';
import type { EmployeeInput } from '@salary/shared/employees/employee.contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { requireAdmin } from '../../lib/authorize.ts';
import type { RepositoryOn, UnitOfWork } from '../../lib/unit-of-work.ts';
import type { AuditService } from '../audit/audit.service.ts';
import {
  DATED_FIELDS,
  type DatedWrite,
  type EmployeeVersionsRepository,
} from '../employees/employee-versions.repository.ts';
import { authorOf } from '../employees/employees.service.ts';
import type { ExcelRepository } from './excel.repository.ts';
import type { EmployeeImportStore } from './excel-import.service.ts';
import {
  findBlockers,
  refusalMessage,
  restoredFields,
  restoredPay,
  revertTime,
  splitImported,
} from './import-revert.plan.ts';
import type { ImportRevertRepository } from './import-revert.repository.ts';

/*
 * "Revert this import": every employee the import created is deleted, every employee it
 * changed gets its `before` values back — all or nothing. The route's write scope is the one
 * transaction: a refusal throws before anything is written, and the revert's own audit entry
 * (action 'revert', entityType 'import', entityId = the import entry's id, per-employee changes
 * like an import) and pay-history rows commit with it.
 *
 * "Touched later" is decided from the audit trail first: any entry after the import about one
 * of its employees (an edit or delete of it, a later import or revert whose changes name it) —
 * the trail is what tells when and by whom, and it also catches a change undone by hand (A → B
 * → A), which the employee's state alone would miss. The employee's state compared with the
 * import's `after` values is checked too, for anything the trail cannot see (a row changed
 * outside the app). Rule writes (base salaries, factors, settings) move pay but are not entries
 * about an employee, so they never block a revert. The same trail answers "already reverted":
 * a revert entry whose entityId is this import.
 */

const refuse = (status: number, code: string, message: string, data: unknown = null) =>
  new AppError(status, code, message, data);

/** The day an import's changes took effect from (`details.effectiveFrom`), when it named one. */
function effectiveDayOf(details: unknown): string | undefined {
  const day = (details as { effectiveFrom?: unknown } | null)?.effectiveFrom;
  return typeof day === 'string' && isCalendarDay(day) ? day : undefined;
}

const DATED_INPUT = new Map<string, (typeof DATED_FIELDS)[number]['input']>(
  DATED_FIELDS.map((f) => [f.wire, f.input]),
);

export function createImportRevertService(deps: {
  revert: RepositoryOn<ImportRevertRepository>;
  references: RepositoryOn<ExcelRepository>;
  employees: RepositoryOn<Pick<EmployeeImportStore, 'updateMany'>>;
  /** A dated import's versions, put back as they were on its day. */
  versions: RepositoryOn<Pick<EmployeeVersionsRepository, 'writeFrom' | 'dropUnchanged' | 'applyToRows'>>;
  audit: Pick<AuditService, 'record' | 'payBefore' | 'employeesOf'>;
  /** The company's date format and zone (read on `handle`): the refusals name when. */
  format: (handle?: DbOrTx) => Promise<DateTimeFormat>;
}) {
  const { audit } = deps;

  /** The earlier job/position/grade/level a restore needs, when one of them was deleted since. */
  async function missingReferences(
    references: ExcelRepository,
    restores: Array<{ id: number; fields: Record<string, unknown> }>,
  ) {
    const refs = await references.referenceNames();
    const has = (rows: Array<{ id: number }>) => new Set(rows.map((r) => r.id));
    const jobs = has(refs.jobs);
    const positions = new Map(refs.positions.map((p) => [p.id, p.jobId]));
    const grades = has(refs.grades);
    const levels = has(refs.levels);
    const problems: string[] = [];
    for (const { id, fields: f } of restores) {
      const gone = [
        jobs.has(f.jobId as number) ? null : 'job',
        positions.get(f.positionId as number) === f.jobId ? null : 'position',
        grades.has(f.gradeId as number) ? null : 'grade',
        levels.has(f.levelId as number) ? null : 'level',
      ].filter(Boolean);
      if (gone.length)
        problems.push(`Employee ${id} (${String(f.name)}): its earlier ${gone.join(', ')} no longer exists`);
    }
    return problems;
  }

  return {
    async revertImport(uow: UnitOfWork, actor: Actor, importId: number): Promise<ImportRevertResult> {
      requireAdmin(actor, 'Only administrators can revert an import');
      const { tx } = uow;
      const revert = deps.revert(tx);
      const references = deps.references(tx);
      const entry = await revert.lockEntry(importId);
      if (!entry) throw notFound('Audit entry not found');
      if (entry.action !== 'import' || entry.entityType !== 'import')
        throw refuse(
          400,
          IMPORT_REVERT_ERRORS.notAnImport,
          `Audit entry ${importId} is not an import; only an import can be reverted`,
        );
      const done = await revert.revertOf(importId);
      if (done)
        throw refuse(
          409,
          IMPORT_REVERT_ERRORS.alreadyReverted,
          `This import was already reverted on ${revertTime(done.at, await deps.format(tx))} by ${done.actorEmail}`,
          { revertId: done.id },
        );
      const split = splitImported(await audit.employeesOf({ id: importId, details: entry.details }, tx));
      if (!split)
        throw refuse(
          400,
          IMPORT_REVERT_ERRORS.notAnImport,
          'This import did not record its employees, so it cannot be reverted',
        );

      const ids = [...split.created, ...split.changed].map((e) => e.id);
      await revert.lockEmployees(ids);
      // A dated import: its employees are checked and put back as on its day (their dated
      // fields are that day's version, which the import wrote).
      const day = effectiveDayOf(entry.details);
      const on = day === undefined ? undefined : { day, today: (await references.referenceNames()).asOf };
      const [touches, stored] = await Promise.all([
        revert.laterTouches(importId, ids, { ignoreApplied: on !== undefined }),
        references.storedEmployees(ids, on),
      ]);
      const blockers = findBlockers(split, touches, stored);
      if (blockers.length)
        throw refuse(
          409,
          IMPORT_REVERT_ERRORS.touchedLater,
          refusalMessage(blockers, await deps.format(tx)),
          {
            employees: blockers,
          },
        );

      const restores = split.changed.map((e) => ({ id: e.id, fields: restoredFields(e, stored.get(e.id)!) }));
      const gone = await missingReferences(references, restores);
      if (gone.length)
        throw refuse(
          409,
          IMPORT_REVERT_ERRORS.referenceGone,
          `This import cannot be reverted: ${gone.slice(0, 5).join('; ')}${gone.length > 5 ? `; and ${gone.length - 5} more` : ''}.`,
        );

      // The pay of the import's employees before (a revert moves no one else's): the deleted
      // keep their rows, the restored get one where their pay moves back.
      const pay = await audit.payBefore(uow, { ids });
      const deleted = await revert.deleteMany(split.created.map((e) => e.id));
      const by = authorOf(actor);
      const employeeOf = (r: (typeof restores)[number]) =>
        r.fields as Omit<EmployeeInput, 'customMultiplierIds'>;
      let restored: number;
      // The individual pay the import changed, as it was (its own dated fields).
      const payWrites = split.changed.flatMap((e): DatedWrite[] => {
        const input = restoredPay(e, stored.get(e.id)!);
        return Object.keys(input).length ? [{ id: e.id, input }] : [];
      });
      if (!on) {
        restored = await deps.employees(tx).updateMany(
          restores.map((r) => ({ id: r.id, employee: employeeOf(r) })),
          by,
        );
        if (payWrites.length) {
          const today = (await references.referenceNames()).asOf;
          const versions = deps.versions(tx);
          await versions.writeFrom(payWrites, today, today, by);
          await versions.applyToRows(
            payWrites.map((w) => w.id),
            today,
            false,
          );
        }
      } else {
        // The row takes back its undated fields; each version the import wrote from its day
        // gets its dated fields back (the version that day before the import), and goes when
        // that leaves it the same as the one before it (the import added it).
        restored = await deps.employees(tx).updateMany(
          split.changed.map((e, i) => ({
            id: e.id,
            employee: employeeOf(restores[i]!),
            changed: e.changes.filter((c) => !DATED_INPUT.has(c.field)),
          })),
          by,
        );
        const writes = split.changed.flatMap((e): DatedWrite[] => {
          const input: Record<string, unknown> = restoredPay(e, stored.get(e.id)!);
          for (const c of e.changes) {
            const key = DATED_INPUT.get(c.field);
            if (key !== undefined) input[key] = c.before;
          }
          return Object.keys(input).length ? [{ id: e.id, input: input as DatedWrite['input'] }] : [];
        });
        const versions = deps.versions(tx);
        await versions.writeFrom(writes, on.day, on.today, by);
        await versions.dropUnchanged(
          writes.map((w) => w.id),
          on.day,
        );
        if (on.day <= on.today)
          await versions.applyToRows(
            writes.map((w) => w.id),
            on.today,
            false,
          );
      }
      const sheet = (entry.details as { sheet?: unknown }).sheet;
      const revertId = await audit.record(
        uow,
        {
          action: 'revert',
          entityType: 'import',
          entityId: importId,
          label: `Import ${importId}${typeof sheet === 'string' ? ` of sheet "${sheet}"` : ''}`,
          details: { importId, deleted, restored, ...(day !== undefined && { effectiveFrom: day }) },
        },
        { pay, employeeChanges: 'details' },
      );
      return { importId, revertId, deleted, restored };
    },
  };
}

export type ImportRevertService = ReturnType<typeof createImportRevertService>;

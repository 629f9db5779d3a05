import type {
  AuditChange,
  AuditEntry,
  AuditPage,
  AuditQuery,
  PayHistoryRow,
} from '@salary/shared/audit/audit.contract';
import { type Cents, fromCents } from '@salary/shared/common/money';
import { type Actor, can } from '@salary/shared/common/permissions';
import type { DbOrTx } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { requireAdmin } from '../../lib/authorize.ts';
import { backPayFor, type StoredBackPay, storedBackPayOf } from '../impact/back-pay.service.ts';
import type { AuditEntryRow, AuditRepository, EmployeeChanges } from './audit.repository.ts';
import type { AuditDeps } from './audit-recording.service.ts';
import { describeChanges, describeEntry, type Names, type Viewer, viewerOf } from './change-words.model.ts';

/*
 * Reading the audit trail: the Audit Log's pages, an import's employees, an employee's pay
 * history — each entry and change described in words for its viewer (change-words.model.ts).
 */

/** How many of an import's employees a page of the Audit Log carries (the screen shows 50). */
export const LISTED_EMPLOYEES = 50;

/** A stored figure (cents) as the API shows it. */
const decimalOf = (v: Cents | null): number | null => (v === null ? null : fromCents(v));

/** How many of a rule write's kept versions a page carries (a grid save keeps one per cell). */
const PAGE_RULE_VERSIONS = 50;

/**
 * An entry's details as a page of the Audit Log carries them: a back pay with its first 50
 * employees and only the figures the viewer may see (the download has them all); a dated rule
 * write's kept versions (what its revert reads on the server) only the first 50, with their count.
 */
function detailsFor(details: unknown, see: { salary: boolean; cost: boolean }): unknown {
  if (!details) return null;
  let shown = details as Record<string, unknown>;
  const kept = shown.ruleVersions;
  if (Array.isArray(kept) && kept.length > PAGE_RULE_VERSIONS)
    shown = { ...shown, ruleVersions: kept.slice(0, PAGE_RULE_VERSIONS), ruleVersionCount: kept.length };
  const backPay = storedBackPayOf(details);
  if (!backPay) return shown;
  return { ...shown, backPay: backPayFor(backPay, see) };
}

function toEntry(
  row: AuditEntryRow,
  viewer: Viewer,
  names: Names,
  see: { salary: boolean; cost: boolean },
): AuditEntry {
  const changes = (row.changes as AuditChange[]) ?? [];
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    summary: describeEntry(row, viewer, names),
    changes,
    described: describeChanges(row.entityType, changes, viewer, names),
    details: detailsFor(row.details, see) as AuditEntry['details'],
  };
}

/** Reading: the Audit Log, an import's employees and the pay history, described for the viewer. */
export function createAuditReading(deps: AuditDeps) {
  const { pricing } = deps;
  /** The repository on the database: the trail is read outside any write. */
  const repo = deps.repo();
  /** The names the texts refer to, as they are now, and the company's money format. */
  const namesNow = async (): Promise<Names> => {
    const [found, format] = await Promise.all([repo.names(), deps.format()]);
    return { ...found, format };
  };

  return {
    /** Admins only: newest first, filtered, a keyset page at a time. */
    async list(actor: Actor, query: AuditQuery & { limit: number }): Promise<AuditPage> {
      requireAdmin(actor, 'Only administrators can read the audit log');
      let actorId: number | undefined;
      let actorEmail: string | undefined;
      if (query.actor !== undefined) {
        if (/^\d+$/.test(query.actor)) actorId = Number(query.actor);
        else {
          actorId = await repo.userIdByEmail(query.actor);
          if (actorId === undefined) actorEmail = query.actor;
        }
      }
      const [rows, names] = await Promise.all([
        repo.list({
          entityType: query.entityType,
          entityId: query.entityId,
          record: query.record,
          actorId,
          actorEmail,
          from: query.from ? new Date(query.from) : undefined,
          to: query.to ? endOf(query.to) : undefined,
          before: query.before === undefined ? undefined : Number(query.before),
          limit: query.limit,
        }),
        namesNow(),
      ]);
      const viewer = viewerOf(actor);
      const more = rows.length > query.limit;
      const page = more ? rows.slice(0, query.limit) : rows;
      const see = { salary: can(actor, 'showSalary'), cost: can(actor, 'showCost') };
      const entries = page.map((row) => toEntry(row, viewer, names, see));
      // An import's (or revert's) employees are kept beside it: the first ones ride along.
      const listed = entries.filter(
        (e) =>
          e.entityType === 'import' &&
          !Array.isArray((e.details as { employees?: unknown } | null)?.employees),
      );
      const employees = await repo.employeeChangesOf(
        listed.map((e) => e.id),
        LISTED_EMPLOYEES,
      );
      for (const e of listed) e.details = { ...(e.details as object), employees: employees.get(e.id) ?? [] };
      // Each employee's changes in words, as the employee form labels them.
      for (const e of entries) {
        const list = (e.details as { employees?: EmployeeChanges[] } | null)?.employees;
        if (e.entityType !== 'import' || !Array.isArray(list)) continue;
        e.details = {
          ...(e.details as object),
          employees: list.map((x) => ({
            ...x,
            described: describeChanges('employee', x.changes, viewer, names),
          })),
        };
      }
      return { entries, nextCursor: more ? page[page.length - 1]!.id : null };
    },

    /**
     * Every employee an import (or revert) entry created or changed, with its field changes:
     * from beside the entry, or from its details for an entry recorded before 0005; null when it recorded none.
     */
    async employeesOf(
      entry: { id: number; details: unknown },
      handle?: DbOrTx,
    ): Promise<EmployeeChanges[] | null> {
      const details = entry.details as { employees?: unknown; employeeCount?: unknown } | null;
      if (Array.isArray(details?.employees)) return details.employees as EmployeeChanges[];
      if (typeof details?.employeeCount !== 'number') return null;
      return (await deps.repo(handle).employeeChangesOf([entry.id])).get(entry.id) ?? [];
    },

    /**
     * The back pay an entry keeps (a write dated in the past), every employee, for whoever may
     * read the entry (admins); 404 when there is no such entry or it kept none.
     */
    async backPay(actor: Actor, id: number): Promise<StoredBackPay> {
      requireAdmin(actor, 'Only administrators can read the audit log');
      const found = storedBackPayOf((await repo.entry(id))?.details);
      if (!found) throw notFound('No back pay recorded for this entry');
      return found;
    },

    /** Gross with showSalary, cost with showCost, 403 with neither; a deleted employee keeps it. */
    async history(actor: Actor, employeeId: number): Promise<PayHistoryRow[]> {
      const salary = can(actor, 'showSalary');
      const cost = can(actor, 'showCost');
      if (!salary && !cost) throw forbidden('You do not have permission to see pay history');
      const [rows, names] = await Promise.all([repo.historyOf(employeeId), namesNow()]);
      if (!rows.length && !(await pricing.priceEmployees({ id: employeeId })).employees.length)
        throw notFound('Employee not found');
      const viewer = viewerOf(actor);
      return rows.map((r) => historyRow(r, { salary, cost }, viewer, names));
    },

    /** Several employees' history with the same stripping (the export's second sheet). */
    async historyOfMany(actor: Actor, employeeIds: number[]) {
      const salary = can(actor, 'showSalary');
      const cost = can(actor, 'showCost');
      if (!salary && !cost) return [];
      const [rows, names] = await Promise.all([repo.historyOfMany(employeeIds), namesNow()]);
      const viewer = viewerOf(actor);
      return rows.map((r) => ({
        employeeId: r.employeeId,
        ...historyRow(r, { salary, cost }, viewer, names),
      }));
    },
  };
}

/** A date alone ("2026-11-24") means up to the end of that day. */
function endOf(to: string): Date {
  const d = new Date(to);
  return /^\d{4}-\d{2}-\d{2}$/.test(to) ? new Date(d.getTime() + 86_400_000) : d;
}

function historyRow(
  r: Awaited<ReturnType<AuditRepository['historyOf']>>[number],
  visible: { salary: boolean; cost: boolean },
  viewer: Viewer,
  names: Names,
): PayHistoryRow {
  const row: PayHistoryRow = {
    id: r.id,
    at: r.at.toISOString(),
    auditId: r.auditId,
    cause: `${describeEntry(r.entry, viewer, names)} by ${r.entry.actorEmail}`,
  };
  if (visible.salary) {
    row.grossBefore = decimalOf(r.grossBefore);
    row.grossAfter = decimalOf(r.grossAfter);
  }
  if (visible.cost) {
    row.costBefore = decimalOf(r.costBefore);
    row.costAfter = decimalOf(r.costAfter);
  }
  return row;
}

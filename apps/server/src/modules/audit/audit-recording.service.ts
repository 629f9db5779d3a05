import type { AuditChange } from '@salary/shared/audit/audit.contract';
import {
  STALE_VERSION_ERROR,
  type StaleChange,
  type StaleRow,
  staleMessage,
} from '@salary/shared/common/stale-version';
import type { CompanyFormat } from '@salary/shared/company/company.contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { settled } from '../../lib/settled.ts';
import { inSlices } from '../../lib/slices.ts';
import type { RepositoryOn, UnitOfWork } from '../../lib/unit-of-work.ts';
import type { EmployeeRecord } from '../employees/employee.model.ts';
import type { PricedEmployee, PricingService, RowFilters } from '../pricing/pricing.service.ts';
import type { RuleBook } from '../pricing/salary-rules.model.ts';
import { EMPLOYEE_WIRE_FIELDS, employeeDiff } from './audit.diff.ts';
import {
  type AuditRepository,
  employeeChangesEncoder,
  type PayMove,
  type StoredEmployeeChanges,
} from './audit.repository.ts';

/*
 * The audit trail, complete by construction: `record` inserts the entry on the unit of work's
 * transaction it is handed and tells the unit (lib/unit-of-work.ts refuses a unit that wrote
 * without one). Pay history is one mechanism for every write: a write that may move pay
 * says whose (`payBefore`: every employee, a filter, one employee, the ids a write touches) before it writes;
 * `record` prices the same employees again after, with the same bulk pricing path as the
 * list, and keeps a row for each employee whose gross or total cost moved.
 */

/** What the audit trail reads and records with, from the composition root. */
export interface AuditDeps {
  repo: RepositoryOn<AuditRepository>;
  pricing: PricingService;
  /** How money reads in this company (on `handle`): the change texts name amounts in its currency. */
  format: (handle?: DbOrTx) => Promise<CompanyFormat>;
}

/** Whose pay a write may move, priced before it: the filter and the figures then. */
export interface PayBaseline {
  filters: RowFilters;
  before: Map<number, PricedEmployee>;
  /** A rule write: the employees do not change, only their rules — price the same records again. */
  rulesOnly?: boolean;
  /** Taken inside a preview: nothing was priced and no history row will be written (see payBefore). */
  preview?: boolean;
}

export interface EntryInput {
  action: string;
  entityType: string;
  entityId?: string | number | null;
  /** What the entry is about in words: "Base salary Junior / L1". */
  label: string;
  changes?: AuditChange[];
  details?: Record<string, unknown>;
}

export interface RecordOptions {
  pay?: PayBaseline;
  /**
   * Field changes of the employees the write touched, from the baseline's records: 'entry'
   * for one employee (its change list), 'details' for an import (per employee, in details).
   */
  employeeChanges?: 'entry' | 'details';
}

/** One employee of a slice: as it was (none: created) and as written. */
export interface WrittenEmployee {
  before?: EmployeeRecord;
  after: EmployeeRecord;
  /**
   * A write dated another day than today (an import's `effectiveFrom`): the employee as it is
   * today before and after, whose pay the history row compares (`before` → `after` are the
   * fields the write changed on its day).
   */
  today?: { before: EmployeeRecord; after: EmployeeRecord };
  /**
   * `before` and `after` as the writer already priced them, with the rules it handed the entry
   * (`entryInSlices`' `rules`): not priced again.
   */
  priced?: { before: PricedEmployee; after: PricedEmployee };
}

/**
 * An entry whose employees come a slice at a time (the import, see `entryInSlices`): each
 * slice's are priced and compared, and their change and pay-history rows sent, as the slice
 * is written: the 100,000 employees of an import are never held at once, before and after.
 */
export interface SlicedEntry {
  add(employees: Iterable<WrittenEmployee>): Promise<void>;
  /** The entry itself, once every slice is added; answers its id. */
  finish(input: EntryInput): Promise<number>;
}

/** A record a stale save was made on, as its 409 names it (lib/versions.ts). */
export interface StaleRecord {
  entityType: string;
  entityId: number;
  /** "Job Backend". */
  label: string;
  /** The form's label of each field the audit names by its API name. */
  labels?: Record<string, string>;
  /** The field the writes of many rows at once (grid save, reorder) change in it. */
  grouped?: string;
}

/** Units of work a revert runs a domain's own write in: their entries are that revert's. */
const reverting = new WeakMap<UnitOfWork, number>();

/**
 * `uow` for a domain's own write that puts back what entry `entryId` changed: the entry the
 * write records is recorded as action 'revert' with `details.revertOf` (one entry per write,
 * as a stale save's 409 counts them).
 */
export function revertingUnit(uow: UnitOfWork, entryId: number): UnitOfWork {
  const unit = { ...uow };
  reverting.set(unit, entryId);
  return unit;
}

/** A history row when `a`'s figures differ from `b`'s; a new employee (no `b`) always gets its first. */
function moveOf(id: number, b: PricedEmployee | undefined, a: PricedEmployee): PayMove | null {
  if (b && b.calculatedSalary === a.calculatedSalary && b.accumulatedCost === a.accumulatedCost) return null;
  return {
    employeeId: id,
    grossBefore: b ? b.calculatedSalary : null,
    grossAfter: a.calculatedSalary,
    costBefore: b ? b.accumulatedCost : null,
    costAfter: a.accumulatedCost,
  };
}

/**
 * Employees compared before and after, one at a time: each one's pay move (when a figure
 * moved) and, by `fields`, its field changes — the entry's own change list ('entry', one
 * employee) or a row beside the entry, encoded as it is compared ('details', an import's).
 */
function employeeComparer(fields: RecordOptions['employeeChanges']) {
  const encode = employeeChangesEncoder(EMPLOYEE_WIRE_FIELDS);
  let moved: PayMove[] = [];
  let rows: StoredEmployeeChanges[] = [];
  let count = 0;
  let entryChanges: AuditChange[] | undefined;
  return {
    get entryChanges() {
      return entryChanges;
    },
    rowCount: () => count,
    /** The change rows and pay moves compared since the last call. */
    take(): { rows: StoredEmployeeChanges[]; moved: PayMove[] } {
      const taken = { rows, moved };
      rows = [];
      moved = [];
      return taken;
    },
    compare(
      id: number,
      b: PricedEmployee | undefined,
      a: PricedEmployee | undefined,
      /** The pay compared when it is not `b` → `a`'s (a write dated another day). */
      pay?: [PricedEmployee, PricedEmployee],
    ): void {
      const [pb, pa] = pay ?? [b, a];
      if (pa) {
        const move = moveOf(id, pb, pa);
        if (move) moved.push(move);
      }
      if (!fields) return;
      const list = employeeDiff(b?.employee, a?.employee);
      if (!list.length) return;
      if (fields === 'entry') entryChanges ??= list;
      else {
        rows.push({ id, name: (a ?? b)!.employee.name, changes: encode(list) });
        count++;
      }
    },
  };
}

/** Recording: every write's entry and pay history, in the unit of work it is handed; the 409s of stale saves. */
export function createAuditRecording(deps: AuditDeps) {
  const { pricing } = deps;

  async function price(
    uow: UnitOfWork,
    filters: PayBaseline['filters'],
  ): Promise<Map<number, PricedEmployee>> {
    const { employees } = await pricing.priceEmployees(filters, { tx: uow.tx });
    const map = new Map<number, PricedEmployee>();
    for (const p of employees) map.set(p.employee.id, p);
    return map;
  }

  /** Employee records priced with the rules as they stand now (one statement). */
  async function priceRecords(
    uow: UnitOfWork,
    records: Iterable<EmployeeRecord>,
  ): Promise<Map<number, PricedEmployee>> {
    const rules = await pricing.rulesAt(uow.tx);
    const priced = new Map<number, PricedEmployee>();
    await inSlices(records, (record) => {
      priced.set(record.id, pricing.price(rules, record));
    });
    return priced;
  }

  /** The same employee records priced with the rules as they stand now. */
  function* recordsOf(priced: Map<number, PricedEmployee>): Iterable<EmployeeRecord> {
    for (const p of priced.values()) yield p.employee;
  }

  async function insertEntry(
    uow: UnitOfWork,
    input: EntryInput,
    changes: AuditChange[],
    entryDetails: Record<string, unknown>,
    id?: number,
  ): Promise<number> {
    let details = entryDetails;
    const revertOf = reverting.get(uow);
    if (revertOf !== undefined) details = { ...details, revertOf };
    const inserted = await deps.repo(uow.tx).insert(
      {
        actorId: uow.actor?.id ?? null,
        actorEmail: uow.actor?.email ?? 'system',
        action: revertOf === undefined ? input.action : 'revert',
        entityType: input.entityType,
        entityId: input.entityId === undefined || input.entityId === null ? null : String(input.entityId),
        changes,
        details,
      },
      id,
    );
    uow.audit.recorded.push(inserted);
    return inserted;
  }

  /** Who changed what in a record since version `sent` (it is at `current` now), oldest first. */
  async function changesSince(
    uow: UnitOfWork,
    record: StaleRecord,
    sent: number,
    current: number,
  ): Promise<StaleChange[]> {
    // Gone since (current 0): its own last entry says who deleted it.
    const found = await deps.repo(uow.tx).changesOf(record, current === 0 ? 1 : current - sent);
    return found.reverse().map((c) => ({
      by: c.by,
      at: c.at.toISOString(),
      fields: c.fields.map((f) => record.labels?.[f] ?? f),
    }));
  }

  return {
    /**
     * The 409 of a save made from version `sent` of a record now at `current`: who changed
     * what since, oldest first, from the audit trail (each write of the record moved its
     * version by one and recorded one entry). `labels` turns the API's field names into the
     * form's labels.
     */
    async staleVersion(
      uow: UnitOfWork,
      record: StaleRecord,
      sent: number,
      current: number,
    ): Promise<AppError> {
      const changes = await changesSince(uow, record, sent, current);
      return new AppError(
        409,
        STALE_VERSION_ERROR,
        staleMessage(record.label, changes, await deps.format(uow.tx)),
        {
          version: current,
          changes,
        },
      );
    },

    /**
     * The 409 of a save of many rows (the base salary grid) of which some were changed since
     * they were read: `label` names them all ("Base salaries Junior / L1 and Senior / L2"),
     * `data.rows` each one with its version now (0: gone), `data.changes` every change since,
     * oldest first. `sent` 0: the row did not exist when read; `current` 0: it no longer does.
     */
    async staleRows(
      uow: UnitOfWork,
      label: string,
      rows: ReadonlyArray<{ index: number; record: StaleRecord; sent: number; current: number }>,
    ): Promise<AppError> {
      const changes: StaleChange[] = [];
      for (const row of rows) changes.push(...(await changesSince(uow, row.record, row.sent, row.current)));
      changes.sort((a, b) => a.at.localeCompare(b.at));
      const stale: StaleRow[] = rows.map((r) => ({
        index: r.index,
        label: r.record.label,
        version: r.current,
      }));
      return new AppError(
        409,
        STALE_VERSION_ERROR,
        staleMessage(label, changes, await deps.format(uow.tx), rows.length > 1),
        {
          version: rows[0]?.current ?? 0,
          changes,
          rows: stale,
        },
      );
    },

    /** Prices the employees a write may move, before it writes. */
    async payBefore(
      uow: UnitOfWork,
      filters: PayBaseline['filters'] | 'all',
      options: { rulesOnly?: boolean } = {},
    ): Promise<PayBaseline> {
      const f = filters === 'all' ? {} : filters;
      // A preview rolls back whatever it writes, and answers from its own pricing before and
      // after (impact.service.ts): pricing everyone once more for history rows that vanish
      // would double its time. The entry is still recorded; only the pay history is left out.
      if (uow.preview) return { filters: f, before: new Map(), preview: true };
      return { filters: f, before: await price(uow, f), rulesOnly: options.rulesOnly };
    },

    /**
     * An entry for a write that hands over its employees a slice at a time, before and as
     * written (the import: from the rows it read to plan and the values it writes, not read
     * again). Each slice's employees are priced with the rules as they stand when it opens, and
     * compared: their field changes and pay moves go in at once (`audit_employee_changes` and
     * `pay_history`, neither with a foreign key to the entry) under the entry id reserved here;
     * the entry itself, append-only, goes in last with its counts (`finish`), in the same
     * transaction, so no one ever sees the rows without it.
     * Inside a preview nothing is priced and no employee row is written (as `payBefore`).
     */
    async entryInSlices(
      uow: UnitOfWork,
      /** The rules the writer priced its employees with (`WrittenEmployee.priced`); default: those in force now. */
      options: { rules?: RuleBook } = {},
    ): Promise<SlicedEntry> {
      const repo = deps.repo(uow.tx);
      const id = await repo.reserveId();
      const rules = uow.preview ? null : (options.rules ?? (await pricing.rulesAt(uow.tx)));
      const compared = employeeComparer('details');
      let employeeCount = 0;
      return {
        async add(employees) {
          if (!rules) return;
          await inSlices(employees, ({ before, after, today, priced }) =>
            compared.compare(
              after.id,
              priced?.before ?? (before && pricing.price(rules, before)),
              priced?.after ?? pricing.price(rules, after),
              today && [pricing.price(rules, today.before), pricing.price(rules, today.after)],
            ),
          );
          const { rows, moved } = compared.take();
          employeeCount += rows.length;
          // Both sent at once; a failure is answered once both settled, so neither outlives it.
          await settled([
            rows.length ? repo.insertEmployeeChanges(id, rows) : undefined,
            moved.length ? repo.insertHistory(id, moved) : undefined,
          ]);
        },
        async finish(entry) {
          const details: Record<string, unknown> = { label: entry.label, ...entry.details };
          if (rules) {
            details.employeeCount = employeeCount;
            details.employeeFields = EMPLOYEE_WIRE_FIELDS;
          }
          return insertEntry(uow, entry, [], details, id);
        },
      };
    },

    /** A baseline for employees that do not exist yet (a create): everyone found after is new. */
    payOfNew(id: number): PayBaseline {
      return { filters: { id }, before: new Map() };
    },

    /**
     * Inserts the entry in the unit of work (and its pay-history rows when `pay`), and answers
     * its id: an entry commits with its change, or not at all.
     */
    async record(uow: UnitOfWork, input: EntryInput, options: RecordOptions = {}): Promise<number> {
      const repo = deps.repo(uow.tx);
      const pay = options.pay?.preview ? undefined : options.pay;
      const details: Record<string, unknown> = { label: input.label, ...input.details };
      const compared = employeeComparer(options.employeeChanges);
      if (pay) {
        // Each employee before and after, compared once: its field changes (an import revert's
        // are kept beside the entry, a row each in audit_employee_changes) and its pay move,
        // when a figure moved.
        const after = pay.rulesOnly
          ? await priceRecords(uow, recordsOf(pay.before))
          : await price(uow, pay.filters);
        await inSlices(new Set([...pay.before.keys(), ...after.keys()]), (id) =>
          compared.compare(id, pay.before.get(id), after.get(id)),
        );
        if (options.employeeChanges === 'details') {
          details.employeeCount = compared.rowCount();
          details.employeeFields = EMPLOYEE_WIRE_FIELDS;
        }
      }
      const id = await insertEntry(uow, input, compared.entryChanges ?? input.changes ?? [], details);
      const { rows, moved } = compared.take();
      // Both sent at once (the database runs them one after the other while the second one's
      // arrays are built); a failure is answered once both settled, so neither outlives it.
      await settled([
        rows.length ? repo.insertEmployeeChanges(id, rows) : undefined,
        moved.length ? repo.insertHistory(id, moved) : undefined,
      ]);
      return id;
    },
  };
}

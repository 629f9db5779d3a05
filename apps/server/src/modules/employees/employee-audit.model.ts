import type { AuditChange } from '@salary/shared/audit/audit.contract';
import type { AppError } from '../../lib/app-error.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { EmployeeRecord } from './employee.model.ts';

/*
 * What the employees' service asks of the audit trail, declared here: the audit reads and
 * compares employees (their records), so the employees' slice names what it needs and
 * services.ts hands it the audit's service. The two slices then never import each other.
 */

/** Whose pay a write may move, as the audit read it before the write: handed back to `record`. */
export interface EmployeePayBaseline {
  /** Each employee as it was, by id. */
  before: ReadonlyMap<number, { employee: EmployeeRecord }>;
}

/** An employee write's entry. */
export interface EmployeeEntry {
  action: 'create' | 'update' | 'delete' | 'restore';
  entityType: 'employee';
  entityId: number;
  /** "Employee Ada Lovelace". */
  label: string;
  /** The entry's field changes, when the write names them itself (a dated write, a cancel). */
  changes?: AuditChange[];
  details?: Record<string, unknown>;
}

/** The record a stale save was made on, as its 409 names it. */
export interface StaleEmployee {
  entityType: 'employee';
  entityId: number;
  label: string;
  /** The form's label of each field the audit names by its API name. */
  labels: Record<string, string>;
}

/**
 * `Pay` is the audit's own baseline: the employees' service only reads the records it held
 * before, and hands it back to `record` with the entry (`NoInfer`: `Pay` is what `payBefore`
 * answers, and `record` must take that).
 */
export interface EmployeeAudit<Pay extends EmployeePayBaseline> {
  /** The employee as it is before the write, priced (its pay history compares with it). */
  payBefore(uow: UnitOfWork, filters: { id: number }): Promise<Pay>;
  /** The baseline of an employee the write creates: nothing before. */
  payOfNew(id: number): Pay;
  /** Records the entry with the employee's field changes and a pay-history row if its pay moved. */
  record(
    uow: UnitOfWork,
    entry: EmployeeEntry,
    options?: { pay: NoInfer<Pay>; employeeChanges: 'entry' },
  ): Promise<unknown>;
  /** The 409 of a save made on version `sent` when `stored` is current, naming who changed what. */
  staleVersion(uow: UnitOfWork, record: StaleEmployee, sent: number, stored: number): Promise<AppError>;
}

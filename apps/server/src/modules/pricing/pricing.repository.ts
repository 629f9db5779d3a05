import type { DbOrTx } from '../../db/client.ts';
import type { EmployeeRecord } from '../employees/employee.model.ts';
import { type ListPage, narrowsRows, type RowFilters } from '../employees/employee-list.repository.ts';
import { createEmployeeRowsRepository, type WholeList } from './employee-rows.repository.ts';
import {
  type BaseSalaryRecord,
  createRulesRepository,
  type FactorRecord,
  type ReferenceIds,
  type References,
  type StoredRules,
} from './rules.repository.ts';
import type { SnapshotReads } from './snapshot-reads.repository.ts';

/**
 * Everything pricing reads: the rules (rules.repository.ts) and the employees with their rules
 * (employee-rows.repository.ts). Every read is ONE statement, or one transaction on one
 * snapshot, that also answers the snapshot it read at, and takes an optional transaction to
 * read inside.
 */
export function createPricingRepository(
  db: DbOrTx,
  opts: {
    /**
     * One-snapshot reads on the database itself, outside any unit of work: the whole list
     * (snapshot-reads.repository.ts: `pgliteSnapshotReads` or `postgresSnapshotReads`). Without them only
     * `wholeListSince` is unavailable.
     */
    snapshots?: SnapshotReads;
  } = {},
) {
  return { ...createRulesRepository(db), ...createEmployeeRowsRepository(db, opts.snapshots) };
}

export type PricingRepository = ReturnType<typeof createPricingRepository>;
/** The employee rows pricing reads (the employees' list query, see employee-list.repository.ts). */
export type {
  BaseSalaryRecord,
  EmployeeRecord,
  FactorRecord,
  ListPage,
  ReferenceIds,
  References,
  RowFilters,
  StoredRules,
  WholeList,
};
export { narrowsRows };

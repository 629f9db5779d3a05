import type { BandPosition } from '@salary/shared/base-salaries/salary-bands';
import type { Cents } from '@salary/shared/common/money';
import type { DbOrTx } from '../../db/client.ts';
import type { EmployeeRecord } from './employee.model.ts';
import type { ListPage, RowFilters } from './employee-list.repository.ts';

/*
 * What the employees' service asks of pricing, declared here: pricing reads employees (the
 * model and the list query), so the employees' slice names what it needs and services.ts hands
 * it pricing's service. The two slices then never import each other.
 */

/** An employee with the figures its views show, in cents (null without a base salary). */
export interface PricedRecord {
  employee: EmployeeRecord;
  calculatedSalary: Cents | null;
  accumulatedCost: Cents | null;
  /** Basic wage ÷ band midpoint, hundredths. */
  compaRatio: number | null;
  bandPosition: BandPosition | null;
}

type ReferenceKey = 'jobId' | 'positionId' | 'gradeId' | 'levelId';

export interface EmployeePricing {
  /** The matching employees priced, with the snapshot they were read at. */
  priceEmployees(
    filters?: RowFilters,
    options?: { page?: ListPage; tx?: DbOrTx },
  ): Promise<{ employees: PricedRecord[]; snapshot: string }>;
  /**
   * Employee `id` priced on each of `days` as `priceEmployees({ id, asOf: day })` would (on
   * `today`: without `asOf`), in one read. Keyed by day; empty when there is no such employee.
   */
  priceOnDays(id: number, days: readonly string[], today: string): Promise<Map<string, PricedRecord>>;
  /** Throws the 400 naming each missing or mismatched reference, on the fields named. */
  checkReferences(
    ids: Record<ReferenceKey, number>,
    fieldNames: Record<ReferenceKey, string>,
    tx?: DbOrTx,
  ): Promise<void>;
}

/** Where the priced lists and their views are kept between reads (pricing's read model). */
export interface EmployeeListCache {
  /** Whether anything is kept between reads (false: CACHES=off). */
  readonly caches: boolean;
  /** A list kept per `key` for the snapshot it was read at; `build` reads and prices anew. */
  list<V>(
    key: string,
    snapshotNow: () => Promise<string>,
    build: () => Promise<{ list: V[]; snapshot: string }>,
  ): Promise<V[]>;
  /** The view of a priced employee for one visibility, made once while the list keeps it. */
  viewOf<V extends object>(visibility: string, priced: PricedRecord, make: () => V): V;
}

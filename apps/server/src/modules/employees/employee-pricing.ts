import type { DbOrTx } from '../../db/client.ts';
import type { EmployeeRecord } from './employee.model.ts';
import type { ListPage, RowFilters } from './employee-list.repository.ts';

/*
 * What the employees' service asks of pricing, declared here: pricing reads employees (the
 * model and the list query), so the employees' slice names what it needs and services.ts hands
 * it pricing's service. The two slices then never import each other.
 */

/** An employee with the figures its views show (null without a base salary). */
export interface PricedRecord {
  employee: EmployeeRecord;
  calculatedSalary: number | null;
  accumulatedCost: number | null;
}

type ReferenceKey = 'jobId' | 'positionId' | 'gradeId' | 'levelId';

export interface EmployeePricing {
  /** The matching employees priced, with the snapshot they were read at. */
  priceEmployees(
    filters?: RowFilters,
    options?: { page?: ListPage; tx?: DbOrTx },
  ): Promise<{ employees: PricedRecord[]; snapshot: string }>;
  /** Throws the 400 naming each missing or mismatched reference, on the fields named. */
  checkReferences(
    ids: Record<ReferenceKey, number>,
    fieldNames: Record<ReferenceKey, string>,
    tx?: DbOrTx,
  ): Promise<void>;
}

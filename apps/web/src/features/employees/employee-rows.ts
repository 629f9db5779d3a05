import type { EmployeeView } from '@salary/shared/employees/employee.contract';

/*
 * The list's client-side work, kept pure so it is tested without a browser: the live name
 * search and the column sort (spec §2). Both run over up to 10,000 rows on every keystroke or
 * header click, so each is one linear pass or one sort, with no per-row allocation beyond that.
 */

/** The columns spec §2 marks sortable; the two money columns only show with their permission. */
export type SortableColumn =
  | 'id'
  | 'yearsExperience'
  | 'yearsWithCompany'
  | 'calculatedSalary'
  | 'accumulatedCost';
export type SortDirection = 'asc' | 'desc';

export interface EmployeeSort {
  column: SortableColumn;
  direction: SortDirection;
}

/** Spec §2: sorting defaults to ID ascending. */
export const DEFAULT_SORT: EmployeeSort = { column: 'id', direction: 'asc' };

/** A header click: the sorted column flips asc ↔ desc; another column starts ascending. */
export function toggleSort(current: EmployeeSort, column: SortableColumn): EmployeeSort {
  if (current.column !== column) return { column, direction: 'asc' };
  return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

type SortableRow = Pick<EmployeeView, 'id'> & Partial<Pick<EmployeeView, SortableColumn>>;

/**
 * A sorted copy. Employees without a figure (no base salary for their grade and level → null)
 * go last in both directions, so flipping the order never buries the priced rows under '—'.
 * Ties keep ID order, so the result never depends on the server's row order.
 */
export function sortEmployees<T extends SortableRow>(rows: readonly T[], sort: EmployeeSort): T[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const { column } = sort;
  return rows.slice().sort((a, b) => {
    const x = a[column];
    const y = b[column];
    const xMissing = x === null || x === undefined;
    const yMissing = y === null || y === undefined;
    if (xMissing || yMissing) {
      if (xMissing && yMissing) return a.id - b.id;
      return xMissing ? 1 : -1;
    }
    return (x - y) * sign || a.id - b.id;
  });
}

/** Spec §2 'Search by Name': client-side, case-insensitive substring; blank shows everyone. */
export function filterByName<T extends Pick<EmployeeView, 'name'>>(
  rows: readonly T[],
  search: string,
): readonly T[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return rows;
  return rows.filter((row) => row.name.toLocaleLowerCase().includes(needle));
}

/** Booleans in the list read Yes/No (spec §2). */
export function yesNo(value: boolean): 'Yes' | 'No' {
  return value ? 'Yes' : 'No';
}

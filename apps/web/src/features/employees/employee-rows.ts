import { asCents, fromCents, toCents } from '@salary/shared/common/money';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';

/*
 * The list's client-side work, kept pure so it is tested without a browser: the column sort
 * and its place in the address. The name search runs on the server (it ignores
 * accents there, the same for the list, the export and the Pay Overview).
 */

/** The sortable columns; the two money columns only show with their permission. */
export type SortableColumn =
  | 'id'
  | 'name'
  | 'technology'
  | 'grade'
  | 'level'
  | 'yearsExperience'
  | 'yearsWithCompany'
  | 'calculatedSalary'
  | 'compaRatio'
  | 'accumulatedCost';
export type SortDirection = 'asc' | 'desc';

export interface EmployeeSort {
  column: SortableColumn;
  direction: SortDirection;
}

/** Sorting defaults to ID ascending. */
export const DEFAULT_SORT: EmployeeSort = { column: 'id', direction: 'asc' };

/** A header click: the sorted column flips asc ↔ desc; another column starts ascending. */
export function toggleSort(current: EmployeeSort, column: SortableColumn): EmployeeSort {
  if (current.column !== column) return { column, direction: 'asc' };
  return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

type SortableRow = Pick<EmployeeView, 'id'> &
  Partial<
    Pick<
      EmployeeView,
      'name' | 'yearsExperience' | 'yearsWithCompany' | 'calculatedSalary' | 'compaRatio' | 'accumulatedCost'
    >
  > &
  Partial<Pick<EmployeeView, 'technology' | 'grade' | 'level'>>;

/** Where each grade and level stands in its list (its order); a name sorts them when unknown. */
export interface RankOrders {
  grade: ReadonlyMap<number, number>;
  level: ReadonlyMap<number, number>;
}

/** The value a column sorts by: Job by name, Grade and Level by their order, else by name. */
function sortValue(
  row: SortableRow,
  column: SortableColumn,
  ranks?: RankOrders,
): string | number | null | undefined {
  if (column === 'technology') return row.technology?.name;
  if (column === 'grade' || column === 'level') {
    const ref = row[column];
    if (!ref) return undefined;
    const rank = ranks?.[column].get(ref.id);
    // A rank sorts before names: every grade of the list has one, so they never mix in practice.
    return rank ?? ref.name;
  }
  return row[column];
}

/** Names in the reader's alphabet: accents and letter case do not split "Émile" from "Emma". */
const names = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const SORTABLE: readonly SortableColumn[] = [
  'id',
  'name',
  'technology',
  'grade',
  'level',
  'yearsExperience',
  'yearsWithCompany',
  'calculatedSalary',
  'compaRatio',
  'accumulatedCost',
];

/** A sort read from the address (`sort=name&direction=desc`); anything unknown → the default. */
export function sortFromParams(params: URLSearchParams): EmployeeSort {
  const column = params.get('sort') as SortableColumn | null;
  if (!column || !SORTABLE.includes(column)) return DEFAULT_SORT;
  return { column, direction: params.get('direction') === 'desc' ? 'desc' : 'asc' };
}

/** The sort written into the address; the default leaves it clean. */
export function withSort(params: URLSearchParams, sort: EmployeeSort): URLSearchParams {
  const next = new URLSearchParams(params);
  if (sort.column === DEFAULT_SORT.column && sort.direction === DEFAULT_SORT.direction) {
    next.delete('sort');
    next.delete('direction');
  } else {
    next.set('sort', sort.column);
    next.set('direction', sort.direction);
  }
  return next;
}

/**
 * A sorted copy. Employees without a figure (no base salary for their grade and level → null)
 * go last in both directions, so flipping the order never buries the priced rows under '—'.
 * Ties keep ID order, so the result never depends on the server's row order.
 */
export function sortEmployees<T extends SortableRow>(
  rows: readonly T[],
  sort: EmployeeSort,
  ranks?: RankOrders,
): T[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const { column } = sort;
  return rows.slice().sort((a, b) => {
    const x = sortValue(a, column, ranks);
    const y = sortValue(b, column, ranks);
    const xMissing = x === null || x === undefined;
    const yMissing = y === null || y === undefined;
    if (xMissing || yMissing) {
      if (xMissing && yMissing) return a.id - b.id;
      return xMissing ? 1 : -1;
    }
    const order =
      typeof x === 'number' && typeof y === 'number'
        ? x - y
        : typeof x === 'number'
          ? -1
          : typeof y === 'number'
            ? 1
            : names.compare(x, y);
    return order * sign || a.id - b.id;
  });
}

/** Booleans in the list read Yes/No. */
export function yesNo(value: boolean): 'Yes' | 'No' {
  return value ? 'Yes' : 'No';
}

/** The footer's figures: how many, and the sums of the figures shown (null ones count as none). */
export interface DirectoryTotals {
  count: number;
  salary: number;
  cost: number;
}

export function totalsOf(
  rows: readonly Pick<EmployeeView, 'calculatedSalary' | 'accumulatedCost'>[],
): DirectoryTotals {
  // In cents, so the total equals the sum of the shown figures to the cent.
  let salary = 0;
  let cost = 0;
  for (const r of rows) {
    if (r.calculatedSalary != null) salary += toCents(r.calculatedSalary);
    if (r.accumulatedCost != null) cost += toCents(r.accumulatedCost);
  }
  return { count: rows.length, salary: fromCents(asCents(salary)), cost: fromCents(asCents(cost)) };
}

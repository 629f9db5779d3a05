import { employeeListQuery } from '@salary/shared/employees/employee.contract';
import type { z } from 'zod';

/*
 * The directory's filters as they live in the address (wire names: technologyId,
 * positionId, gradeId, levelId, salaryFrom, salaryTo, plus `name`), shared by the directory
 * and the Pay Overview so a shared link shows the same employees on both.
 */

export type DirectoryFilters = z.output<typeof employeeListQuery>;

/** The filters' names, in the order an address lists them: the shared list query's own keys. */
const FILTER_KEYS = Object.keys(employeeListQuery.shape) as (keyof DirectoryFilters)[];

/**
 * The filters an address carries. Each value is checked on its own by the shared schema, so a
 * hand-edited or stale link loses only its bad part (a range the wrong way round: both ends).
 */
export function filtersFromParams(params: URLSearchParams): DirectoryFilters {
  const raw: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  const whole = employeeListQuery.safeParse(raw);
  if (whole.success) return whole.data;
  const out: Record<string, unknown> = {};
  const shape = employeeListQuery.shape;
  for (const key of FILTER_KEYS) {
    if (!(key in raw)) continue;
    const one = shape[key].safeParse(raw[key]);
    if (one.success && one.data !== undefined) out[key] = one.data;
  }
  if (out.salaryFrom !== undefined && out.salaryTo !== undefined) {
    delete out.salaryFrom;
    delete out.salaryTo;
  }
  return out as DirectoryFilters;
}

/** The filters written into `params` (others kept), absent ones removed. */
export function withFilters(params: URLSearchParams, filters: DirectoryFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value === undefined || value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/** Only the filters, as a query string with its `?` (or '' when there are none). */
export function filterQuery(filters: DirectoryFilters): string {
  const text = withFilters(new URLSearchParams(), filters).toString();
  return text ? `?${text}` : '';
}

export const hasFilters = (filters: DirectoryFilters) => FILTER_KEYS.some((k) => filters[k] !== undefined);

import { Stack } from '@mantine/core';
import { can } from '@salary/shared/common/permissions';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { AsOfBanner, asOfFromParams, withAsOf } from '../../components/as-of.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PhoneDisclosure } from '../../components/phone-disclosure.tsx';
import { SkipLink } from '../../components/skip-link.tsx';
import { useCurrentUser } from '../../lib/auth/auth-context.ts';
import { type DirectoryFilters, filtersFromParams, withFilters } from '../../lib/directory-filters.ts';
import { canAddEmployees, canOpenEmployeeForms } from '../../lib/permissions.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { useEmployees } from './api/get-employees.ts';
import { EmployeeFiltersPlaceholder } from './employee-filters-placeholder.tsx';
import { type EmployeeSort, sortFromParams, withSort } from './employee-rows.ts';
import { DIRECTORY_ID, EmployeesDirectory } from './employees-directory.tsx';
import { EmployeesHeaderActions } from './employees-header-actions.tsx';
import { EMPLOYEE_TABLE_ID } from './employees-table.tsx';

// Its own chunk (selects, number inputs): it loads while the list is fetched instead of
// delaying the fetch, which is what the first rows wait for with 10,000 employees.
const EmployeeFilters = lazy(() =>
  import('./employee-filters.tsx').then((m) => ({ default: m.EmployeeFilters })),
);

/** The phone's filter toggle says how many filters are on, so a filtered list is never a surprise. */
function filtersLabel(filters: DirectoryFilters, asOf: string | undefined): string {
  const on =
    Object.values(filters).filter((value) => value !== undefined && value !== '').length +
    (asOf === undefined ? 0 : 1);
  return on ? `Filters (${on} applied)` : 'Filters';
}

/**
 * /dashboard: the employee directory (Employees list). Every filter and the sort live
 * in the address, so a reload, Back and a shared link show the same list.
 */
export default function EmployeesPage() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // Keyed on the text of the address, so the list query sees a stable object per address.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `search` is the address's content.
  const filters = useMemo(() => filtersFromParams(params), [search]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above.
  const sort = useMemo(() => sortFromParams(params), [search]);
  // Another day than today: the list and the export as of that day, and no writes offered.
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above.
  const asOf = useMemo(() => asOfFromParams(params), [search]);
  const listed = useMemo(() => (asOf === undefined ? filters : { ...filters, asOf }), [filters, asOf]);
  const employees = useEmployees(listed);
  useLoadErrorToast(employees.error, 'Failed to fetch employees');

  const { pathname } = useLocation();
  const applyFilters = useCallback(
    (next: DirectoryFilters) => {
      // A name typed just before following a row's link settles after the address changed:
      // it must not pull the user back to the directory.
      if (window.location.pathname !== pathname) return;
      setParams((current) => withFilters(current, next));
    },
    [setParams, pathname],
  );
  const applyAsOf = useCallback(
    (day: string | undefined) => setParams((current) => withAsOf(current, day)),
    [setParams],
  );
  const applySort = useCallback(
    (next: EmployeeSort) => setParams((current) => withSort(current, next), { replace: true }),
    [setParams],
  );

  const permissions = useMemo(
    () => ({
      showSalary: can(user, 'showSalary'),
      showCost: can(user, 'showCost'),
      // The edit route also needs admin or showSalary: no link that would bounce. Another day
      // than today is read-only: a write changes today, not the day shown.
      canEdit: asOf === undefined && canOpenEmployeeForms(user),
      canDelete: asOf === undefined && can(user, 'deleteEmployee'),
      // "Why this salary?" explains today's pay: not offered beside another day's.
      explains: asOf === undefined,
    }),
    [user, asOf],
  );

  return (
    <>
      <PageHeader
        title="Employees"
        description={
          <>
            The company's employee directory.
            {/* From the heading, one Tab and Enter lead past the actions and filters to the table. */}
            <SkipLink target={EMPLOYEE_TABLE_ID} fallback={DIRECTORY_ID}>
              Skip to the table
            </SkipLink>
          </>
        }
        actions={
          <PhoneDisclosure label="Actions" inline>
            <EmployeesHeaderActions
              filters={listed}
              canImport={asOf === undefined && canAddEmployees(user)}
              canAdd={asOf === undefined && canOpenEmployeeForms(user) && canAddEmployees(user)}
              canSeePay={can(user, 'showSalary') || can(user, 'showCost')}
            />
          </PhoneDisclosure>
        }
      />
      <Stack gap="lg">
        <PhoneDisclosure label={filtersLabel(filters, asOf)}>
          <Suspense fallback={<EmployeeFiltersPlaceholder showSalaryFilters={permissions.showSalary} />}>
            <EmployeeFilters
              filters={filters}
              showSalaryFilters={permissions.showSalary}
              applying={employees.isFetching && employees.isPlaceholderData}
              onApply={applyFilters}
              asOf={asOf}
              onAsOf={applyAsOf}
            />
          </Suspense>
        </PhoneDisclosure>
        {asOf !== undefined ? <AsOfBanner day={asOf} onBackToToday={() => applyAsOf(undefined)} /> : null}
        <EmployeesDirectory
          employees={employees.data}
          filters={filters}
          loading={employees.isPending}
          refreshing={employees.isFetching && !employees.isPending}
          failed={employees.isError}
          onRetry={() => void employees.refetch()}
          sort={sort}
          onSort={applySort}
          permissions={permissions}
        />
      </Stack>
    </>
  );
}

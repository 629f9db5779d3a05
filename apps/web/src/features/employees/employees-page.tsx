import { Stack } from '@mantine/core';
import { can } from '@salary/shared/common/permissions';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import { useCurrentUser } from '../../lib/auth/auth-context.ts';
import { canOpenEmployeeForms } from '../../lib/permissions.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { type EmployeeListFilters, useEmployees } from './api/get-employees.ts';
import { EmployeeFiltersPlaceholder } from './employee-filters-placeholder.tsx';
import { EmployeesDirectory } from './employees-directory.tsx';
import { EmployeesHeaderActions } from './employees-header-actions.tsx';

const NO_FILTERS: EmployeeListFilters = {};

// Its own chunk (selects, number inputs, the form library): it loads while the list is fetched
// instead of delaying the fetch, which is what the first rows wait for with 10,000 employees.
const EmployeeFilters = lazy(() =>
  import('./employee-filters.tsx').then((m) => ({ default: m.EmployeeFilters })),
);

/** /dashboard: the employee directory (spec §2 Employees list). */
export default function EmployeesPage() {
  const user = useCurrentUser();
  const [filters, setFilters] = useState<EmployeeListFilters>(NO_FILTERS);
  const [nameSearch, setNameSearch] = useState('');
  const employees = useEmployees(filters);
  useLoadErrorToast(employees.error, 'Failed to fetch employees');
  const resetFilters = useCallback(() => {
    setNameSearch('');
    setFilters(NO_FILTERS);
  }, []);

  const permissions = useMemo(
    () => ({
      showSalary: can(user, 'showSalary'),
      showCost: can(user, 'showCost'),
      // The edit route also needs admin or showSalary (spec §6): no link that would bounce.
      canEdit: canOpenEmployeeForms(user),
      canDelete: can(user, 'deleteEmployee'),
    }),
    [user],
  );

  return (
    <>
      <PageHeader
        title="Employees"
        description="The company's employee directory."
        actions={
          <EmployeesHeaderActions
            filters={filters}
            canImport={can(user, 'manageEmployee')}
            canAdd={canOpenEmployeeForms(user)}
          />
        }
      />
      <Stack gap="lg">
        <Suspense fallback={<EmployeeFiltersPlaceholder showSalaryFilters={permissions.showSalary} />}>
          <EmployeeFilters
            nameSearch={nameSearch}
            onNameSearchChange={setNameSearch}
            showSalaryFilters={permissions.showSalary}
            applying={employees.isFetching && employees.isPlaceholderData}
            onApply={setFilters}
            onReset={resetFilters}
          />
        </Suspense>
        <EmployeesDirectory
          employees={employees.data}
          loading={employees.isPending}
          refreshing={employees.isFetching && !employees.isPending}
          failed={employees.isError}
          onRetry={() => void employees.refetch()}
          nameSearch={nameSearch}
          permissions={permissions}
        />
      </Stack>
    </>
  );
}

import { Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { IconChartBar, IconRefresh, IconUsers } from '@tabler/icons-react';
import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api-error.ts';
import { formatCount } from '../../lib/company-format.tsx';
import { type DirectoryFilters, filterQuery } from '../../lib/directory-filters.ts';
import { useGrades } from '../../lib/salary-rules/get-grades.ts';
import { useLevels } from '../../lib/salary-rules/get-levels.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useDeleteEmployee } from './api/delete-employee.ts';
import { type EmployeeColumnOptions, employeeColumns } from './employee-columns.tsx';
import {
  type EmployeeSort,
  type SortableColumn,
  sortEmployees,
  toggleSort,
  totalsOf,
} from './employee-rows.ts';
import { EmployeesTable } from './employees-table.tsx';

// Loaded on the first Delete: the dialog's code need not delay the first rows.
const ConfirmDialog = lazy(() =>
  import('../../components/confirm-dialog.tsx').then((m) => ({ default: m.ConfirmDialog })),
);
// Loaded on the first row's Mark as leaver.
const MarkAsLeaverDialog = lazy(() =>
  import('./mark-as-leaver.tsx').then((m) => ({ default: m.MarkAsLeaverDialog })),
);
// Loaded on the first "Why this salary?".
const SalaryBreakdownDrawer = lazy(() =>
  import('./salary-breakdown-drawer.tsx').then((m) => ({ default: m.SalaryBreakdownDrawer })),
);

interface EmployeesDirectoryProps {
  employees: EmployeeView[] | undefined;
  loading: boolean;
  /** Newly applied filters are loading while the previous rows stay on screen. */
  refreshing: boolean;
  failed: boolean;
  onRetry(): void;
  /** The applied filters: the Pay Overview link carries them. */
  filters: DirectoryFilters;
  sort: EmployeeSort;
  onSort(sort: EmployeeSort): void;
  permissions: Omit<EmployeeColumnOptions, 'onDelete' | 'onExplain' | 'onMarkLeaver'>;
}

/** The directory card's heading: where "Skip to the table" leads while there is no table. */
export const DIRECTORY_ID = 'directory';

function countLabel(total: number) {
  return `${formatCount(total)} ${total === 1 ? 'employee' : 'employees'}`;
}

function Message({ children, action }: { children: string; action?: React.ReactNode }) {
  return (
    <Center py={48}>
      <Stack align="center" gap="sm">
        <IconUsers size={32} stroke={1.5} color="var(--mantine-color-gray-5)" aria-hidden />
        <Text c="dimmed" size="sm">
          {children}
        </Text>
        {action}
      </Stack>
    </Center>
  );
}

/** The directory card: count, the virtualised table, and the delete confirmation. */
export function EmployeesDirectory(props: EmployeesDirectoryProps) {
  const toast = useToast();
  const deleteEmployee = useDeleteEmployee();
  const { sort, onSort } = props;
  const [explained, setExplained] = useState<EmployeeView | null>(null);
  const [pendingDelete, setPendingDelete] = useState<EmployeeView | null>(null);
  // The row whose Mark as leaver is (or was last) open: kept while the dialog closes.
  const [leaver, setLeaver] = useState<{ employee: EmployeeView; open: boolean } | null>(null);
  // Stays mounted after the first use so the closing transition can play.
  const [deleteUsed, setDeleteUsed] = useState(false);
  const { permissions } = props;
  // The rows are drawn in a render React may interrupt: the list's arrival (a store update,
  // drawn at once and whole) only swaps the loader for the rows, and the browser stays
  // responsive while they are drawn. Each new list (a filter applied) goes the same way.
  const employees = useDeferredValue(props.employees);
  const drawing = props.employees !== undefined && employees === undefined;

  const grades = useGrades();
  const levels = useLevels();
  const ranks = useMemo(
    () => ({
      grade: new Map((grades.data ?? []).map((g) => [g.id, g.order])),
      level: new Map((levels.data ?? []).map((l) => [l.id, l.order])),
    }),
    [grades.data, levels.data],
  );
  const rows = useMemo(() => sortEmployees(employees ?? [], sort, ranks), [employees, sort, ranks]);
  const totals = useMemo(() => totalsOf(rows), [rows]);
  const columns = useMemo(
    () =>
      employeeColumns({
        ...permissions,
        onDelete: (employee) => {
          setDeleteUsed(true);
          setPendingDelete(employee);
        },
        onExplain: setExplained,
        onMarkLeaver: (employee) => setLeaver({ employee, open: true }),
      }),
    [permissions],
  );

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    try {
      await deleteEmployee.mutateAsync(pendingDelete.id);
      toast.success('Employee deleted successfully');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to delete employee'));
    } finally {
      setPendingDelete(null);
    }
  };

  let body: React.ReactNode;
  if (props.loading || drawing) {
    body = (
      <Center py={64} role="status" aria-label="Loading employees">
        <Loader size="md" />
      </Center>
    );
  } else if (props.failed && !employees) {
    body = (
      <Message
        action={
          <Button variant="default" size="xs" leftSection={<IconRefresh size={14} />} onClick={props.onRetry}>
            Try again
          </Button>
        }
      >
        The employees could not be loaded.
      </Message>
    );
  } else if (rows.length === 0) {
    body = <Message>No employees found</Message>;
  } else {
    body = (
      <EmployeesTable
        rows={rows}
        columns={columns}
        sort={sort}
        onSort={(c: SortableColumn) => onSort(toggleSort(sort, c))}
        totals={totals}
        countLabel={countLabel(rows.length)}
      />
    );
  }

  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Group justify="space-between" align="center" px={{ base: 'md', sm: 'lg' }} py="sm" gap="sm">
        <Title order={2} size="h4" id={DIRECTORY_ID} tabIndex={-1}>
          Directory
        </Title>
        <Group gap="sm" wrap="nowrap">
          {props.refreshing ? <Loader size="xs" aria-label="Updating" /> : null}
          {employees ? (
            <Text c="dimmed" size="sm" data-testid="employee-count">
              {countLabel(rows.length)}
            </Text>
          ) : null}
          {permissions.showSalary ? (
            <Button
              component={Link}
              to={`/insights${filterQuery(props.filters)}`}
              variant="light"
              size="xs"
              leftSection={<IconChartBar size={14} aria-hidden />}
            >
              Pay Overview
            </Button>
          ) : null}
        </Group>
      </Group>
      {body}
      {explained ? (
        <Suspense fallback={null}>
          <SalaryBreakdownDrawer employee={explained} onClose={() => setExplained(null)} />
        </Suspense>
      ) : null}
      {leaver ? (
        <Suspense fallback={null}>
          <MarkAsLeaverDialog
            employee={leaver.employee}
            opened={leaver.open}
            onClose={() => setLeaver({ ...leaver, open: false })}
          />
        </Suspense>
      ) : null}
      {deleteUsed ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            opened={pendingDelete !== null}
            item={pendingDelete?.name}
            title="Delete employee"
            message="Are you sure you want to delete this employee?"
            loading={deleteEmployee.isPending}
            onConfirm={confirmDelete}
            onCancel={() => setPendingDelete(null)}
          />
        </Suspense>
      ) : null}
    </Paper>
  );
}

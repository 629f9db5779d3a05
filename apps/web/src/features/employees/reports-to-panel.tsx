import { Button, Group, Paper, Select, Text, Title } from '@mantine/core';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../lib/api-error.ts';
import { usePermission } from '../../lib/permissions.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useEmployees } from './api/get-employees.ts';
import { useSetManager } from './api/set-manager.ts';

const NOBODY = 'No one';

/**
 * Edit Employee → Reports to: the employee's manager, whose team (with Own team only) the
 * employee belongs to. Chosen among the employees the reader sees; Edit Employee saves it.
 */
export function ReportsToPanel({ employee }: { employee: EmployeeView }) {
  const canEdit = usePermission('manageEmployee');
  const toast = useToast();
  const list = useEmployees({});
  const save = useSetManager();
  const [picked, setPicked] = useState<string | null>(
    employee.managerId === null ? null : String(employee.managerId),
  );
  const options = useMemo(
    () =>
      (list.data ?? [])
        .filter((e) => e.id !== employee.id)
        .map((e) => ({ value: String(e.id), label: `${e.name} (#${e.id})` }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [list.data, employee.id],
  );
  const current = employee.managerId === null ? null : String(employee.managerId);
  const managerName =
    employee.managerId === null
      ? NOBODY
      : (options.find((o) => o.value === current)?.label ?? `Employee #${employee.managerId}`);
  const changed = picked !== current;

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      my="lg"
      component="section"
      aria-labelledby="reports-to"
    >
      <Title order={2} size="h4" id="reports-to">
        Reports to
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        The manager this employee reports to. A user limited to their own team sees the employees who report
        to them, directly or not.
      </Text>
      {canEdit ? (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Manager"
            placeholder={NOBODY}
            data={options}
            value={picked}
            onChange={setPicked}
            searchable
            clearable
            nothingFoundMessage="No employee matches"
            disabled={list.isPending}
            style={{ flex: '1 1 16rem', maxWidth: '28rem' }}
          />
          <Button
            disabled={!changed}
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { id: employee.id, managerId: picked === null ? null : Number(picked) },
                {
                  onSuccess: () => toast.success('Manager saved'),
                  onError: (error) => toast.error(errorMessage(error, 'Failed to save the manager')),
                },
              )
            }
          >
            Save manager
          </Button>
        </Group>
      ) : (
        <Text>{managerName}</Text>
      )}
    </Paper>
  );
}

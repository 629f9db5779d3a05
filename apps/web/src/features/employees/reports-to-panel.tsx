import { Button, Group, Select, Text } from '@mantine/core';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { useState } from 'react';
import { SectionPanel } from '../../components/section-panel.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useEmployeeOptions } from '../../lib/employee-options.ts';
import { usePermission } from '../../lib/permissions.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useSetManager } from './api/set-manager.ts';

const NOBODY = 'No one';

/**
 * Edit Employee → Reports to: the employee's manager, whose team (with Own team only) the
 * employee belongs to. Chosen among the employees the reader sees; Edit Employee saves it.
 */
export function ReportsToPanel({ employee }: { employee: EmployeeView }) {
  const canEdit = usePermission('manageEmployee');
  const toast = useToast();
  const { options, pending } = useEmployeeOptions(employee.id);
  const save = useSetManager();
  const current = employee.managerId === null ? null : String(employee.managerId);
  const [picked, setPicked] = useState<string | null>(current);
  const managerName =
    current === null ? NOBODY : (options.find((o) => o.value === current)?.label ?? `Employee #${current}`);

  return (
    <SectionPanel
      title="Reports to"
      description="The manager this employee reports to. A user limited to their own team sees the employees who report to them, directly or not."
      mt="lg"
    >
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
            disabled={pending}
            style={{ flex: '1 1 16rem', maxWidth: '28rem' }}
          />
          <Button
            disabled={picked === current}
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
    </SectionPanel>
  );
}

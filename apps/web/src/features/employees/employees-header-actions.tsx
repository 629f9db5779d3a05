import { ActionIcon, Button, Menu } from '@mantine/core';
import {
  IconChevronDown,
  IconFileDownload,
  IconFileSpreadsheet,
  IconHistory,
  IconPlus,
} from '@tabler/icons-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { ChangePasswordButton } from '../../components/change-password-button.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useDownloadTemplate } from './api/download-template.ts';
import { useExportEmployees } from './api/export-employees.ts';
import type { EmployeeListFilters } from './api/get-employees.ts';
import { ImportEmployeesButton } from './import-employees-button.tsx';

interface EmployeesHeaderActionsProps {
  /** The applied filters and As of day: the export holds what the list holds. */
  filters: EmployeeListFilters;
  canImport: boolean;
  canAdd: boolean;
  /** showSalary or showCost: the export can add the pay-history sheet. */
  canSeePay: boolean;
}

/** The list's header buttons, the last two by permission. */
function HeaderActions({ filters, canImport, canAdd, canSeePay }: EmployeesHeaderActionsProps) {
  const toast = useToast();
  const exportFile = useExportEmployees();
  const template = useDownloadTemplate();
  const exportWith = (payHistory: boolean) =>
    exportFile.mutate(
      { filters, payHistory },
      { onError: (error) => toast.error(errorMessage(error, 'Failed to export employees')) },
    );

  return (
    <>
      <ChangePasswordButton />
      <Button.Group>
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} />}
          loading={exportFile.isPending}
          onClick={() => exportWith(false)}
        >
          Export Excel
        </Button>
        {canSeePay ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="default"
                size={36}
                aria-label="More export options"
                disabled={exportFile.isPending}
              >
                <IconChevronDown size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconHistory size={16} />} onClick={() => exportWith(true)}>
                Export Excel with pay history
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Button.Group>
      <Button
        variant="default"
        leftSection={<IconFileDownload size={16} />}
        loading={template.isPending}
        onClick={() =>
          template.mutate(undefined, {
            onError: (error) => toast.error(errorMessage(error, 'Failed to download template')),
          })
        }
      >
        Download Template
      </Button>
      {canImport ? <ImportEmployeesButton /> : null}
      {canAdd ? (
        <Button component={Link} to="/employees/new" leftSection={<IconPlus size={16} />}>
          Add Employee
        </Button>
      ) : null}
    </>
  );
}

/** Memoised: the header need not re-render whenever the list reloads. */
export const EmployeesHeaderActions = memo(HeaderActions);

import { Button } from '@mantine/core';
import { IconFileDownload, IconFileSpreadsheet, IconPlus } from '@tabler/icons-react';
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
  /** The applied filters: the export holds what the list holds. */
  filters: EmployeeListFilters;
  canImport: boolean;
  canAdd: boolean;
}

/** The list's header buttons (spec §2), the last two by permission. */
function HeaderActions({ filters, canImport, canAdd }: EmployeesHeaderActionsProps) {
  const toast = useToast();
  const exportFile = useExportEmployees();
  const template = useDownloadTemplate();

  return (
    <>
      <ChangePasswordButton />
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={16} />}
        loading={exportFile.isPending}
        onClick={() =>
          exportFile.mutate(filters, {
            onError: (error) => toast.error(errorMessage(error, 'Failed to export employees')),
          })
        }
      >
        Export Excel
      </Button>
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

import { Button, Group } from '@mantine/core';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { IconFileDownload } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { SectionLoader } from '../../components/section-loader.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useTeamScoped } from '../../lib/permissions.ts';
import { useGrades } from '../../lib/salary-rules/get-grades.ts';
import { useJobs } from '../../lib/salary-rules/get-jobs.ts';
import { useLevels } from '../../lib/salary-rules/get-levels.ts';
import { useSettings } from '../../lib/salary-rules/get-settings.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { AllowancePanel } from './allowance-panel.tsx';
import { useCreateEmployee } from './api/create-employee.ts';
import { useDownloadPayStatement } from './api/download-pay-statement.ts';
import { useEmployee } from './api/get-employee.ts';
import { useUpdateEmployee } from './api/update-employee.ts';
import { BenefitChoicePanel } from './benefit-choice-panel.tsx';
import { CurrentPayPanel } from './current-pay-panel.tsx';
import { EmployeeForm, type EmployeeFormReferences } from './employee-form.tsx';
import { EMPTY_EMPLOYEE_FORM, employeeFormValues } from './employee-form-values.ts';
import { EmployeeScheduledChanges } from './employee-scheduled-changes.tsx';
import { MarkAsLeaverButton } from './mark-as-leaver.tsx';
import { PayHistoryPanel } from './pay-history-panel.tsx';
import { PayTimelinePanel } from './pay-timeline-panel.tsx';
import { ReportsToPanel } from './reports-to-panel.tsx';

const FETCH_FAILED = 'Failed to fetch employee';

/** The first failure among the form's reference lists, for one 'Error loading form data' toast. */
function firstError(...errors: unknown[]) {
  return errors.find(Boolean) ?? null;
}

/** /employees/new and /employees/edit/:id (Add/Edit Employee form). */
export default function EmployeeFormPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const employeeId = id === undefined ? null : Number(id);
  const editing = id !== undefined;
  const validId = employeeId !== null && Number.isInteger(employeeId) && employeeId > 0;

  const employee = useEmployee(validId ? employeeId : 0, { enabled: validId });
  const jobs = useJobs();
  const grades = useGrades();
  const levels = useLevels();
  const settings = useSettings();
  const create = useCreateEmployee();
  const update = useUpdateEmployee();
  const statement = useDownloadPayStatement();
  // Pay statements compare with the whole category: not for a user limited to their team.
  const teamScoped = useTeamScoped();
  useLoadErrorToast(
    firstError(jobs.error, grades.error, levels.error, settings.error),
    'Error loading form data',
  );

  // An employee that cannot be loaded cannot be edited: say so and go back to the list.
  const loadFailed = editing && (!validId || employee.isError);
  useEffect(() => {
    if (!loadFailed) return;
    toast.error(errorMessage(employee.error, FETCH_FAILED));
    navigate('/dashboard', { replace: true });
  }, [loadFailed, employee.error, navigate, toast]);

  const references: EmployeeFormReferences = useMemo(
    () => ({
      jobs: jobs.data,
      grades: grades.data,
      levels: levels.data,
      customMultipliers: settings.data?.customMultipliers ?? [],
    }),
    [jobs.data, grades.data, levels.data, settings.data],
  );

  // The custom-multiplier checkboxes come from the settings: wait for them (or their failure)
  // so an edited employee's ticks are set once, against the list that is shown.
  const ready = !settings.isPending && (!editing || employee.isSuccess);

  return (
    <>
      <PageHeader
        title={editing ? 'Edit Employee' : 'Add Employee'}
        description={
          editing && employee.data
            ? `Change ${employee.data.name}'s record. The salary is recalculated from the current rules.`
            : 'Job, position, grade and level set the base salary; the factors below adjust it.'
        }
        actions={
          editing && validId ? (
            <Group gap="sm">
              {employee.data && !loadFailed ? <MarkAsLeaverButton employee={employee.data} /> : null}
              {teamScoped ? null : (
                <Button
                  variant="default"
                  leftSection={<IconFileDownload size={16} />}
                  loading={statement.isPending}
                  onClick={() =>
                    statement.mutate(employeeId as number, {
                      onError: (error) =>
                        toast.error(errorMessage(error, 'Failed to download pay statement')),
                    })
                  }
                >
                  Pay statement
                </Button>
              )}
            </Group>
          ) : undefined
        }
      />
      {editing && employee.data && !loadFailed ? <CurrentPayPanel employee={employee.data} /> : null}
      {editing && validId && !loadFailed ? <EmployeeScheduledChanges employeeId={employeeId} /> : null}
      {editing && validId && !loadFailed ? <AllowancePanel employeeId={employeeId} /> : null}
      {editing && validId && !loadFailed ? <BenefitChoicePanel employeeId={employeeId} /> : null}
      {ready && !loadFailed ? (
        <EmployeeForm
          // A new version (Reload after a stale save) starts the form again from the latest.
          key={employee.data ? `${employee.data.id}@${employee.data.version}` : 'new'}
          mode={editing ? 'edit' : 'create'}
          defaultValues={editing ? formValuesFor(employee.data, settings.data) : EMPTY_EMPLOYEE_FORM}
          references={references}
          save={(body, effectiveFrom) =>
            editing
              ? update.mutateAsync(
                  effectiveFrom
                    ? { id: employeeId as number, body, effectiveFrom }
                    : { id: employeeId as number, body },
                )
              : create.mutateAsync(body)
          }
          onSaved={() => navigate('/dashboard')}
          version={editing ? employee.data?.version : undefined}
          onReload={() => employee.refetch()}
        />
      ) : (
        <SectionLoader />
      )}
      {editing && employee.data && ready && !loadFailed ? <ReportsToPanel employee={employee.data} /> : null}
      {editing && validId && ready && !loadFailed ? <PayTimelinePanel employeeId={employeeId} /> : null}
      {editing && validId && ready && !loadFailed ? <PayHistoryPanel employeeId={employeeId} /> : null}
    </>
  );
}

function formValuesFor(employee: EmployeeView | undefined, settings: ReturnType<typeof useSettings>['data']) {
  if (!employee) return EMPTY_EMPLOYEE_FORM;
  return employeeFormValues(employee, settings ? new Set(settings.customMultipliers.map((m) => m.id)) : null);
}

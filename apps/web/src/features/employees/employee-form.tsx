import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Paper, Select, SimpleGrid, Stack } from '@mantine/core';
import { employeeFormBody } from '@salary/shared/employees/employee.contract';
import { fieldsOfKind } from '@salary/shared/employees/employee-fields';
import type { Grade } from '@salary/shared/grades/grades.contract';
import type { BackPay } from '@salary/shared/impact/impact.contract';
import type { Job } from '@salary/shared/jobs/jobs.contract';
import type { Level } from '@salary/shared/levels/levels.contract';
import type { SettingsRead } from '@salary/shared/settings/settings.contract';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { EffectiveFrom } from '../../components/effective-from.tsx';
import { FormNumberInput } from '../../components/form-fields.tsx';
import { FormTextInput } from '../../components/registered-inputs.tsx';
import { useStaleVersion } from '../../components/stale-version-dialog.tsx';
import { leaveWithoutAsking, SaveBar, UnsavedChangesGuard } from '../../components/unsaved-changes.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { formatDay } from '../../lib/company-format.tsx';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { usePositions } from '../../lib/salary-rules/get-positions.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { backPayLine } from './back-pay-line.ts';
import { CustomMultiplierCheckboxes, SalaryFactorCheckboxes } from './employee-form-checkboxes.tsx';
import { companyToday, EmployeeDateInputs, EmployeeYearsInput } from './employee-form-dates.tsx';
import {
  EMPLOYEE_FORM_FIELDS,
  type EmployeeFormInput,
  type EmployeeFormOutput,
  employeeRequestBody,
} from './employee-form-values.ts';
import { chosenId, selectValue, toOptions } from './select-options.ts';

export interface EmployeeFormReferences {
  jobs: Job[] | undefined;
  grades: Grade[] | undefined;
  levels: Level[] | undefined;
  customMultipliers: SettingsRead['customMultipliers'];
}

interface EmployeeFormProps {
  mode: 'create' | 'edit';
  defaultValues: EmployeeFormInput;
  references: EmployeeFormReferences;
  /** Sends the body; resolves when saved, rejects with the server's ApiError. */
  save(
    body: ReturnType<typeof employeeRequestBody> & { version?: number },
    effectiveFrom?: string,
  ): Promise<unknown>;
  onSaved(): void;
  /** Edit: the version the employee was read at, sent with the save (a stale one answers 409). */
  version?: number;
  /** Edit: loads the employee as it stands now (the stale-version dialog's Reload). */
  onReload?(): Promise<unknown>;
}

type IdField = 'technologyId' | 'specializationId' | 'gradeId' | 'levelId';

/** Add/Edit Employee form, validated by the shared employeeFormBody schema. */
export function EmployeeForm({
  mode,
  defaultValues,
  references,
  save,
  onSaved,
  version,
  onReload,
}: EmployeeFormProps) {
  const toast = useToast();
  const stale = useStaleVersion();
  const form = useForm<EmployeeFormInput, unknown, EmployeeFormOutput>({
    resolver: zodResolver(employeeFormBody),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  // Edit only: null until "change" is opened; the save then names the day (empty: today).
  const [effectiveFrom, setEffectiveFrom] = useState<string | null>(null);
  const jobId = chosenId(useWatch({ control: form.control, name: 'technologyId' }));
  const positions = usePositions(jobId);
  useLoadErrorToast(positions.error, 'Error loading positions');

  const onSubmit = form.handleSubmit(async (values) => {
    const day = effectiveFrom || undefined;
    const send = async (from: number | undefined) => {
      const body = { ...employeeRequestBody(values), version: from };
      const saved = await (day ? save(body, day) : save(body));
      if (day && day > companyToday()) {
        // Scheduled: today's record stands, so the form goes back to today's values and stays.
        toast.success(`Change scheduled from ${formatDay(day)}`);
        setEffectiveFrom(null);
        form.reset();
        return;
      }
      const owed = backPayLine((saved as { backPay?: BackPay } | undefined)?.backPay);
      toast.success(
        mode === 'edit'
          ? `Employee updated successfully${owed ? `. ${owed}` : ''}`
          : 'Employee created successfully',
      );
      leaveWithoutAsking();
      onSaved();
    };
    try {
      await send(version);
    } catch (error) {
      // Saved by someone else since this form was opened: Reload or Apply anyway.
      if (stale.offer(error, { apply: send, reload: async () => onReload?.() })) return;
      applyServerFieldErrors(error, form.setError, EMPLOYEE_FORM_FIELDS);
      toast.error(errorMessage(error, 'Operation failed'));
    }
  });

  const idSelect = (
    name: IdField,
    label: string,
    data: ReturnType<typeof toOptions>,
    extra: { disabled?: boolean; placeholder?: string; onPicked?: () => void } = {},
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          placeholder={extra.placeholder ?? `Select ${label.toLowerCase()}`}
          required
          disabled={extra.disabled}
          data={data}
          value={selectValue(field.value)}
          onChange={(value) => {
            if (value === selectValue(field.value)) return;
            field.onChange(value);
            extra.onPicked?.();
          }}
          onBlur={field.onBlur}
          ref={field.ref}
          name={field.name}
          error={errors[name]?.message}
          allowDeselect={false}
        />
      )}
    />
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={onSubmit} noValidate aria-label={mode === 'edit' ? 'Edit employee' : 'Add employee'}>
        <Stack gap="lg">
          {fieldsOfKind('text').map((f) => (
            <FormTextInput
              key={f.wire}
              control={form.control}
              name={f.wire}
              label={f.label}
              required={f.required}
              autoComplete="off"
            />
          ))}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            {idSelect('technologyId', 'Job', toOptions(references.jobs), {
              // A position belongs to one job: a new job clears it.
              onPicked: () => form.setValue('specializationId', null, { shouldDirty: true }),
            })}
            {idSelect('specializationId', 'Position', toOptions(positions.data), {
              disabled: jobId === null,
              placeholder: jobId === null ? 'Select a job first' : 'Select position',
            })}
            {idSelect('gradeId', 'Grade', toOptions(references.grades))}
            {idSelect('levelId', 'Level', toOptions(references.levels))}
            {fieldsOfKind('years').map((f) => (
              <EmployeeYearsInput key={f.wire} field={f} control={form.control} setValue={form.setValue} />
            ))}
            {fieldsOfKind('hours').map((f) => (
              <FormNumberInput
                key={f.wire}
                control={form.control}
                name={f.wire}
                label={f.label}
                description={
                  mode === 'edit' ? 'Contracted hours a week' : "Blank: the company's standard weekly hours"
                }
                min={0}
                max={168}
                step={1}
              />
            ))}
            {fieldsOfKind('choice').map((f) => (
              <Controller
                key={f.wire}
                control={form.control}
                name={f.wire}
                render={({ field }) => (
                  <Select
                    label={f.label}
                    description="Personal data: seen only by administrators and users who edit employees"
                    data={f.choices.map((value) => ({ value, label: f.choiceLabels[value] }))}
                    value={(field.value as string | undefined) ?? f.formDefault}
                    onChange={(value) => field.onChange(value ?? f.formDefault)}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    name={field.name}
                    error={errors[f.wire]?.message}
                    allowDeselect={false}
                  />
                )}
              />
            ))}
          </SimpleGrid>
          <EmployeeDateInputs control={form.control} />
          <SalaryFactorCheckboxes control={form.control} />
          <CustomMultiplierCheckboxes
            control={form.control}
            multipliers={references.customMultipliers}
            error={errors.customMultipliers?.message}
          />
          {mode === 'edit' ? <EffectiveFrom value={effectiveFrom} onChange={setEffectiveFrom} /> : null}
          <UnsavedChangesGuard when={form.formState.isDirty} />
          <SaveBar dirty={form.formState.isDirty}>
            <Button component={Link} to="/dashboard" variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {mode === 'edit' ? 'Update Employee' : 'Create Employee'}
            </Button>
          </SaveBar>
        </Stack>
      </form>
      {stale.dialog}
    </Paper>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Modal, MultiSelect, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import type { BudgetKind, RaiseCycle } from '@salary/shared/raise-cycles/raise-cycles.contract';
import { useId, useMemo } from 'react';
import { type Control, type Path, useController, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { DialogActions } from '../../components/dialog-actions.tsx';
import { FormNumberInput } from '../../components/form-fields.tsx';
import { FormTextInput } from '../../components/registered-inputs.tsx';
import { errorMessage, isApiError } from '../../lib/api-error.ts';
import { companyToday } from '../../lib/dated/company-today.ts';
import { useGrades } from '../../lib/salary-rules/get-grades.ts';
import { useJobs } from '../../lib/salary-rules/get-jobs.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { useCreateRaiseCycle } from './api/raise-cycles.ts';
import { useUpdateRaiseCycle } from './api/update-raise-cycle.ts';
import {
  type CycleFormOutput,
  type CycleFormValues,
  cycleForm,
  cycleValues,
  formFieldOf,
  newCycleValues,
} from './cycle-form-values.ts';
import { GuidelineEditor } from './guideline-editor.tsx';

/** Wide enough for a guideline row's five inputs and its Remove button on one line. */
const MODAL_WIDTH = 980;

type FormControl = Control<CycleFormValues, unknown, CycleFormOutput>;

/** Jobs or grades to limit the cycle to, as a searchable multi-select (none chosen: all). */
function IdsSelect({
  control,
  name,
  label,
  all,
  options,
  loading,
}: {
  control: FormControl;
  name: 'eligibility.jobIds' | 'eligibility.gradeIds';
  label: string;
  all: string;
  options: Array<{ value: string; label: string }>;
  loading: boolean;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <MultiSelect
      label={label}
      description={`None chosen: ${all}`}
      placeholder={field.value.length ? undefined : loading ? 'Loading…' : all}
      data={options}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      name={field.name}
      ref={field.ref}
      error={fieldState.error?.message}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage="Nothing found"
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function BudgetKindControl({ control }: { control: FormControl }) {
  const { field } = useController({ control, name: 'budget.kind' });
  const id = useId();
  return (
    <>
      <Text size="sm" fw={500} id={id}>
        Budget
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        value={field.value}
        onChange={(v) => field.onChange(v as BudgetKind)}
        data={[
          { value: 'PERCENT', label: 'Percent of payroll' },
          { value: 'AMOUNT', label: 'Amount a month' },
        ]}
      />
    </>
  );
}

/** The cycle's form, new (`cycle` absent: it opens the new cycle's worksheet) or a draft's edit. */
function CycleForm({ cycle, onClose }: { cycle?: RaiseCycle; onClose(): void }) {
  const create = useCreateRaiseCycle();
  const update = useUpdateRaiseCycle();
  const toast = useToast();
  const navigate = useNavigate();
  const jobs = useJobs();
  const grades = useGrades();
  useLoadErrorToast(jobs.error, 'Failed to fetch jobs');
  useLoadErrorToast(grades.error, 'Failed to fetch grades');
  const jobOptions = useMemo(
    () => (jobs.data ?? []).map((j) => ({ value: String(j.id), label: j.name })),
    [jobs.data],
  );
  const gradeOptions = useMemo(
    () =>
      [...(grades.data ?? [])]
        .sort((a, b) => a.order - b.order)
        .map((g) => ({ value: String(g.id), label: g.name })),
    [grades.data],
  );
  const form = useForm<CycleFormValues, unknown, CycleFormOutput>({
    resolver: zodResolver(cycleForm),
    defaultValues: cycle ? cycleValues(cycle) : newCycleValues(companyToday()),
  });
  const { control } = form;
  const kind = form.watch('budget.kind');
  const rootError = form.formState.errors.root?.server?.message;

  /** The server's refusal: each problem under its field; one the form has no field for, above the buttons. */
  const showRefusal = (error: unknown) => {
    if (!isApiError(error)) return;
    if (error.status === 409 && /already exists/.test(error.message)) {
      form.setError('name', { type: 'server', message: error.message });
      return;
    }
    const rows = form.getValues('guideline').length;
    const elsewhere: string[] = [];
    for (const problem of error.fields) {
      const field = formFieldOf(problem.field, rows);
      if (field) form.setError(field as Path<CycleFormValues>, { type: 'server', message: problem.message });
      else elsewhere.push(problem.message);
    }
    if (elsewhere.length) form.setError('root.server', { type: 'server', message: elsewhere.join('; ') });
  };

  const submit = form.handleSubmit(async (body) => {
    try {
      if (cycle) {
        await update.mutateAsync({ id: cycle.id, body });
        toast.success('Raise cycle saved');
        onClose();
      } else {
        const created = await create.mutateAsync(body);
        toast.success('Raise cycle created');
        onClose();
        navigate(`/raise-cycles/${created.id}`);
      }
    } catch (error) {
      showRefusal(error);
      toast.error(errorMessage(error, cycle ? 'Failed to save raise cycle' : 'Failed to create raise cycle'));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormTextInput control={control} name="name" label="Name" required maxLength={100} data-autofocus />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <FormTextInput
            control={control}
            name="effectiveDate"
            label="Effective Date"
            type="date"
            required
            description="The raises take effect from this day"
          />
          <FormTextInput
            control={control}
            name="eligibility.hiredBefore"
            label="Hired Before"
            type="date"
            description="Optional: only employees hired before this day"
          />
          <IdsSelect
            control={control}
            name="eligibility.jobIds"
            label="Jobs"
            all="every job"
            options={jobOptions}
            loading={jobs.isPending}
          />
          <IdsSelect
            control={control}
            name="eligibility.gradeIds"
            label="Grades"
            all="every grade"
            options={gradeOptions}
            loading={grades.isPending}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={-8}>
          Leavers, and anyone not employed on the effective date, are never eligible.
        </Text>
        <Stack gap={4}>
          <BudgetKindControl control={control} />
          <FormNumberInput
            control={control}
            name="budget.value"
            label={kind === 'PERCENT' ? 'Budget (% of the eligible monthly payroll)' : 'Budget (a month)'}
            required
          />
        </Stack>
        <GuidelineEditor control={control} />
        {rootError ? (
          <Alert color="red" role="alert">
            {rootError}
          </Alert>
        ) : null}
        <DialogActions
          onCancel={onClose}
          pending={create.isPending || update.isPending}
          submit={cycle ? 'Save cycle' : 'Create cycle'}
        />
      </Stack>
    </form>
  );
}

/** A new raise cycle: its name, effective day, who is eligible, its budget and guideline. */
export function NewCycleDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="New raise cycle" size={MODAL_WIDTH} centered>
      {opened ? <CycleForm onClose={onClose} /> : null}
    </Modal>
  );
}

/** A draft cycle's edit, through the same form. */
export function EditCycleDialog({
  cycle,
  opened,
  onClose,
}: {
  cycle: RaiseCycle;
  opened: boolean;
  onClose(): void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Edit raise cycle" size={MODAL_WIDTH} centered>
      {opened ? <CycleForm cycle={cycle} onClose={onClose} /> : null}
    </Modal>
  );
}

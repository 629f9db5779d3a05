import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import {
  ADJUSTMENT_TYPES,
  type AdjustmentFactor,
  type AdjustmentType,
} from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { SectionPanel } from '../../components/section-panel.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { useJobs } from '../../lib/salary-rules/get-jobs.ts';
import { usePositions } from '../../lib/salary-rules/get-positions.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { useCreateAdjustmentFactor } from './api/create-adjustment-factor.ts';
import { useUpdateAdjustmentFactor } from './api/update-adjustment-factor.ts';
import { ADJUSTMENT_TYPE_LABELS } from './factor-display.ts';
import { type FactorFormValues, factorFormSchema, formValuesFor } from './factor-form-values.ts';

type FactorFormOutput = z.output<typeof factorFormSchema>;

const SERVER_FIELDS = ['jobId', 'positionId', 'type', 'factor'];
const TYPE_OPTIONS = ADJUSTMENT_TYPES.map((type) => ({ value: type, label: ADJUSTMENT_TYPE_LABELS[type] }));

interface AdjustmentFactorFormProps {
  /** The factor being edited, or null to add one. Remount (key) the form when it changes. */
  editing: AdjustmentFactor | null;
  /** Leaves edit mode (after an update or Cancel Edit). */
  onDone(): void;
}

/** The inline form above the list (spec §2, §5): create mode, or edit mode with 'Cancel Edit'. */
export function AdjustmentFactorForm({ editing, onDone }: AdjustmentFactorFormProps) {
  const toast = useToast();
  const createFactor = useCreateAdjustmentFactor();
  const updateFactor = useUpdateAdjustmentFactor();
  const form = useForm<FactorFormValues, unknown, FactorFormOutput>({
    resolver: zodResolver(factorFormSchema),
    defaultValues: formValuesFor(editing),
  });
  const { errors, isSubmitting } = form.formState;
  const [jobId, type] = useWatch({ control: form.control, name: ['jobId', 'type'] });
  const jobs = useJobs();
  // Position options load for the chosen job only; without one the select stays disabled.
  const positions = usePositions(jobId ? Number(jobId) : null);
  useLoadErrorToast(jobs.error, 'Failed to fetch jobs');
  useLoadErrorToast(positions.error, 'Failed to fetch positions');
  const isPercentage = type === 'PERCENTAGE';

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      if (editing) {
        await updateFactor.mutateAsync({ id: editing.id, body });
        toast.success('Adjustment factor updated successfully');
        onDone();
      } else {
        await createFactor.mutateAsync(body);
        toast.success('Adjustment factor created successfully');
        form.reset(formValuesFor(null));
      }
    } catch (error) {
      applyServerFieldErrors(error, form.setError, SERVER_FIELDS);
      toast.error(
        errorMessage(
          error,
          editing ? 'Failed to update adjustment factor' : 'Failed to create adjustment factor',
        ),
      );
    }
  });

  const positionPlaceholder = !jobId
    ? 'Select a job first'
    : positions.isPending
      ? 'Loading positions...'
      : positions.data?.length === 0
        ? 'This job has no positions'
        : 'Select position';

  return (
    <SectionPanel
      title={editing ? 'Edit Adjustment Factor' : 'Add Adjustment Factor'}
      description={
        editing
          ? `Changing the factor of ${editing.job.name} / ${editing.position.name}.`
          : 'Raises or lowers the base salary for one job and position.'
      }
    >
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label={editing ? 'Edit adjustment factor' : 'Add adjustment factor'}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          <Controller
            control={form.control}
            name="jobId"
            render={({ field }) => (
              <Select
                label="Job"
                required
                searchable
                allowDeselect={false}
                placeholder="Select job"
                nothingFoundMessage="No job found"
                data={(jobs.data ?? []).map((job) => ({ value: String(job.id), label: job.name }))}
                value={field.value}
                onChange={(value) => {
                  // Another job's positions are different: the chosen one no longer applies.
                  if (value !== field.value) form.setValue('positionId', null);
                  field.onChange(value);
                }}
                onBlur={field.onBlur}
                ref={field.ref}
                name={field.name}
                error={errors.jobId?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="positionId"
            render={({ field }) => (
              <Select
                label="Position"
                required
                searchable
                allowDeselect={false}
                disabled={!jobId}
                placeholder={positionPlaceholder}
                nothingFoundMessage="No position found"
                data={(positions.data ?? []).map((position) => ({
                  value: String(position.id),
                  label: position.name,
                }))}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                name={field.name}
                error={errors.positionId?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <Select
                label="Adjustment Type"
                required
                allowDeselect={false}
                data={TYPE_OPTIONS}
                value={field.value}
                onChange={(value) => field.onChange(value as AdjustmentType)}
                onBlur={field.onBlur}
                ref={field.ref}
                name={field.name}
                error={errors.type?.message}
              />
            )}
          />
          <TextInput
            label="Adjustment Factor"
            required
            type="number"
            inputMode="decimal"
            // The percent is typed as a whole number of percent; FIXED takes cents.
            min={isPercentage ? -100 : undefined}
            max={isPercentage ? 100 : undefined}
            step={isPercentage ? 1 : 0.01}
            rightSection={
              <Text size="sm" c="dimmed">
                {isPercentage ? '%' : '$'}
              </Text>
            }
            description={
              isPercentage ? 'Values between -100% and +100%' : 'An amount; negative lowers the salary'
            }
            // The hint goes under the input so the four inputs line up on wide screens.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={errors.factor?.message}
            {...form.register('factor', { valueAsNumber: true })}
          />
        </SimpleGrid>
        <Group gap="sm" mt="md">
          <Button type="submit" loading={isSubmitting}>
            {editing ? 'Update Adjustment Factor' : 'Add Adjustment Factor'}
          </Button>
          {editing ? (
            <Button variant="default" onClick={onDone} disabled={isSubmitting}>
              Cancel Edit
            </Button>
          ) : null}
        </Group>
      </form>
    </SectionPanel>
  );
}

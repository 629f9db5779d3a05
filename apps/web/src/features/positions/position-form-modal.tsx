import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import type { JobSummary } from '@salary/shared/jobs/jobs.contract';
import { createPositionBody, type Position } from '@salary/shared/positions/positions.contract';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../lib/api-error.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useCreatePosition } from './api/create-position.ts';
import { useUpdatePosition } from './api/update-position.ts';

type PositionFormValues = z.input<typeof createPositionBody>;
type PositionFormOutput = z.output<typeof createPositionBody>;

interface PositionFormModalProps {
  opened: boolean;
  /** The position being edited, or null to add one. */
  editing: Position | null;
  jobs: JobSummary[];
  /** The job a new position starts in (the one picked on the screen). */
  defaultJobId: number | null;
  /** After a successful save, with the saved position (its job may have changed). */
  onSaved(position: Position): void;
  onClose(): void;
}

type PositionFormProps = Omit<PositionFormModalProps, 'opened'>;

function PositionForm({ editing, jobs, defaultJobId, onSaved, onClose }: PositionFormProps) {
  const toast = useToast();
  const createPosition = useCreatePosition();
  const updatePosition = useUpdatePosition();
  const jobId = editing?.jobId ?? defaultJobId;
  const form = useForm<PositionFormValues, unknown, PositionFormOutput>({
    resolver: zodResolver(createPositionBody),
    // Mantine's Select holds the id as a string; the shared schema turns it back into a number.
    defaultValues: { jobId: jobId === null ? null : String(jobId), name: editing?.name ?? '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      if (editing) {
        const saved = await updatePosition.mutateAsync({ id: editing.id, body: values });
        toast.success('Position updated successfully');
        onSaved(saved);
      } else {
        const saved = await createPosition.mutateAsync(values);
        toast.success('Position created successfully');
        onSaved(saved);
      }
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['jobId', 'name']);
      toast.error(errorMessage(error, editing ? 'Failed to update position' : 'Failed to create position'));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Controller
          control={form.control}
          name="jobId"
          render={({ field }) => (
            <Select
              label="Job"
              required
              searchable
              allowDeselect={false}
              nothingFoundMessage="No job matches"
              data={jobs.map((job) => ({ value: String(job.id), label: job.name }))}
              value={typeof field.value === 'string' ? field.value : null}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              name={field.name}
              error={errors.jobId?.message}
            />
          )}
        />
        <TextInput
          label="Name"
          required
          autoComplete="off"
          data-autofocus
          error={errors.name?.message}
          {...form.register('name')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Add/edit a position; Mantine unmounts the body while closed, so each opening starts fresh. */
export function PositionFormModal({ opened, onClose, ...formProps }: PositionFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={formProps.editing ? 'Edit Position' : 'Add Position'}
      centered
    >
      <PositionForm onClose={onClose} {...formProps} />
    </Modal>
  );
}

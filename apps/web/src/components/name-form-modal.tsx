import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../lib/api-error.ts';
import { applyServerFieldErrors } from '../lib/form-errors.ts';
import { useToast } from '../lib/toast/toast-context.ts';

export interface NameValues {
  name: string;
}

/** The shared contract that checks the name (createJobBody, createGradeBody, createLevelBody…). */
type NameSchema = z.ZodType<NameValues, NameValues>;

interface NameFormModalProps {
  opened: boolean;
  /** Also the dialog's accessible name, e.g. 'Add Job' / 'Edit Job'. */
  title: string;
  schema: NameSchema;
  /** '' to add; the current name to edit. */
  initialName: string;
  /** Toast text when the save fails and the server gave no message of its own. */
  failureMessage: string;
  /** Saves and toasts success; the modal stays open (and shows why) when it rejects. */
  onSubmit(values: NameValues): Promise<void>;
  onClose(): void;
}

function NameForm({
  schema,
  initialName,
  failureMessage,
  onSubmit,
  onClose,
}: Omit<NameFormModalProps, 'opened' | 'title'>) {
  const toast = useToast();
  const form = useForm<NameValues>({ resolver: zodResolver(schema), defaultValues: { name: initialName } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['name']);
      toast.error(errorMessage(error, failureMessage));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
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

/**
 * Add/edit modal with a single Name field (jobs, grades, levels). Mantine unmounts the body while
 * closed, so each opening starts from `initialName`: empty for add, prefilled for edit (spec §4).
 */
export function NameFormModal({ opened, title, onClose, ...formProps }: NameFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <NameForm onClose={onClose} {...formProps} />
    </Modal>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { type DefaultValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useServerSubmit } from '../../lib/form-errors.ts';
import { DialogActions } from '../dialog-actions.tsx';
import { FormTextInput } from '../registered-inputs.tsx';

export interface NameValues {
  name: string;
}

interface NameFormModalProps<TValues extends NameValues, TOutput> {
  opened: boolean;
  /** Also the dialog's accessible name, e.g. 'Add Job' / 'Edit Job'. */
  title: string;
  /** The shared contract that checks the body (createJobBody, createPositionBody…). */
  schema: z.ZodType<TOutput, TValues>;
  /** Empty to add; the row's values to edit. */
  defaultValues: TValues;
  /** Toast text when the save fails and the server gave no message of its own. */
  failureMessage: string;
  /** Fields above Name that are the domain's own (the position's Job). */
  fields?(form: UseFormReturn<TValues, unknown, TOutput>): ReactNode;
  /** The server's field problems shown under their inputs. */
  serverFields?: readonly string[];
  /** Saves and toasts success; the modal stays open (and shows why) when it rejects. */
  onSubmit(values: TOutput): Promise<void>;
  onClose(): void;
}

function NameForm<TValues extends NameValues, TOutput>({
  schema,
  defaultValues,
  failureMessage,
  fields,
  serverFields = ['name'],
  onSubmit,
  onClose,
}: Omit<NameFormModalProps<TValues, TOutput>, 'opened' | 'title'>) {
  const form = useForm<TValues, unknown, TOutput>({
    resolver: zodResolver(schema),
    defaultValues: defaultValues as DefaultValues<TValues>,
  });
  const { isSubmitting } = form.formState;

  const save = useServerSubmit(form.setError, serverFields);
  const submit = form.handleSubmit((values) => save(() => onSubmit(values), { failed: failureMessage }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {fields?.(form)}
        <FormTextInput
          control={form.control}
          name={'name' as Path<TValues>}
          label="Name"
          required
          autoComplete="off"
          data-autofocus
        />
        <DialogActions onCancel={onClose} pending={isSubmitting} submit="Save" />
      </Stack>
    </form>
  );
}

/**
 * Add/edit modal of a rules section: a Name field, after any fields of the domain's own. Mantine
 * unmounts the body while closed, so each opening starts from `defaultValues`: empty for add,
 * prefilled for edit.
 */
export function NameFormModal<TValues extends NameValues, TOutput>({
  opened,
  title,
  onClose,
  ...formProps
}: NameFormModalProps<TValues, TOutput>) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <NameForm onClose={onClose} {...formProps} />
    </Modal>
  );
}

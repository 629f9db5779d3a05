import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  type CustomMultiplier,
  customMultiplierFormSchema,
  MULTIPLIER_TYPES,
  type MultiplierType,
} from '@salary/shared/settings/settings.contract';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { numberInputValue } from '../../lib/number-input-value.ts';
import { clampMultiplier, MULTIPLIER_TYPE_OPTIONS, PERCENT_MAX, PERCENT_MIN } from './multiplier-values.ts';

const customMultiplierForm = z
  .object({ title: z.string(), multiplier: numberInputValue, type: z.enum(MULTIPLIER_TYPES).optional() })
  .pipe(customMultiplierFormSchema);
type CustomMultiplierFormValues = z.input<typeof customMultiplierForm>;
export type CustomMultiplierValues = z.output<typeof customMultiplierForm>;

interface CustomMultiplierModalProps {
  opened: boolean;
  /** The multiplier being edited, or null to add one. */
  editing: CustomMultiplier | null;
  onSubmit(values: CustomMultiplierValues): void;
  onClose(): void;
}

function CustomMultiplierFields({ editing, onSubmit, onClose }: Omit<CustomMultiplierModalProps, 'opened'>) {
  const form = useForm<CustomMultiplierFormValues, unknown, CustomMultiplierValues>({
    resolver: zodResolver(customMultiplierForm),
    defaultValues: editing
      ? { title: editing.title, multiplier: editing.multiplier, type: editing.type }
      : { title: '', multiplier: '', type: 'PERCENTAGE' },
  });
  const { errors } = form.formState;
  const type = form.watch('type') ?? 'PERCENTAGE';
  const percent = type === 'PERCENTAGE';

  const changeType = (next: MultiplierType) => {
    form.setValue('type', next);
    form.setValue('multiplier', clampMultiplier(form.getValues('multiplier'), next));
  };

  return (
    // Its own form element: the modal is portalled, but React still bubbles submit events up the
    // component tree, so stop it reaching the Save All Changes form around the screen.
    <form
      noValidate
      onSubmit={(event) => {
        event.stopPropagation();
        void form.handleSubmit(onSubmit)(event);
      }}
    >
      <Stack gap="md">
        <TextInput
          label="Title"
          required
          autoComplete="off"
          data-autofocus
          error={errors.title?.message}
          {...form.register('title')}
        />
        <Controller
          control={form.control}
          name="multiplier"
          render={({ field }) => (
            <NumberInput
              label="Multiplier Value"
              required
              min={percent ? PERCENT_MIN : undefined}
              max={percent ? PERCENT_MAX : undefined}
              step={0.01}
              decimalScale={2}
              clampBehavior="none"
              leftSection={percent ? undefined : '$'}
              rightSection={percent ? '%' : undefined}
              rightSectionPointerEvents="none"
              hideControls
              description={
                percent ? 'Between -100 and 100 percent' : 'An amount of money; negative lowers the salary'
              }
              error={errors.multiplier?.message}
              value={field.value}
              onChange={(value) => field.onChange(clampMultiplier(value, type))}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
            />
          )}
        />
        <Controller
          control={form.control}
          name="type"
          render={({ field }) => (
            <Select
              label="Multiplier Type"
              data={MULTIPLIER_TYPE_OPTIONS}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              error={errors.type?.message}
              value={field.value}
              onChange={(value) => changeType((value ?? 'PERCENTAGE') as MultiplierType)}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
            />
          )}
        />
        <Text size="xs" c="dimmed">
          Changes are kept on this screen until you choose Save All Changes.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">{editing ? 'Update Multiplier' : 'Add Multiplier'}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Add/edit one custom multiplier; the result stays on the screen until Save All Changes (spec §4). */
export function CustomMultiplierModal({ opened, editing, onSubmit, onClose }: CustomMultiplierModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? 'Edit Custom Multiplier' : 'Add Custom Multiplier'}
      centered
    >
      {/* Keyed so it opens empty for add and prefilled for edit (spec §4). */}
      <CustomMultiplierFields
        key={editing?.id ?? 'new'}
        editing={editing}
        onSubmit={onSubmit}
        onClose={onClose}
      />
    </Modal>
  );
}

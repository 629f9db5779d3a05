import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import {
  type CustomMultiplier,
  customMultiplierFormSchema,
  MULTIPLIER_TYPES,
  type MultiplierType,
} from '@salary/shared/settings/settings.contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormNumberInput, FormSelect } from '../../components/form-fields.tsx';
import { FormTextInput } from '../../components/registered-inputs.tsx';
import { numberInputValue } from '../../lib/number-input-value.ts';
import { MULTIPLIER_TYPE_OPTIONS, multiplierInput } from './multiplier-values.ts';

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
    // A value out of range is said as it is typed, not only on Add.
    mode: 'onChange',
    defaultValues: editing
      ? { title: editing.title, multiplier: editing.multiplier, type: editing.type }
      : { title: '', multiplier: '', type: 'PERCENTAGE' },
  });
  const type = form.watch('type') ?? 'PERCENTAGE';

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
        <FormTextInput
          control={form.control}
          name="title"
          label="Title"
          required
          autoComplete="off"
          data-autofocus
        />
        <FormNumberInput
          control={form.control}
          name="multiplier"
          label="Multiplier Value"
          required
          {...multiplierInput(type)}
          description={
            type === 'PERCENTAGE'
              ? 'Between -100 and 100 percent'
              : 'An amount of money; negative lowers the salary'
          }
        />
        <FormSelect
          control={form.control}
          name="type"
          label="Multiplier Type"
          data={MULTIPLIER_TYPE_OPTIONS}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          fallback={'PERCENTAGE' satisfies MultiplierType}
          // A value fine as a fixed amount may be out of range as a percentage, and the reverse.
          recheckFields={['multiplier']}
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

/** Add/edit one custom multiplier; the result stays on the screen until Save All Changes. */
export function CustomMultiplierModal({ opened, editing, onSubmit, onClose }: CustomMultiplierModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? 'Edit Custom Multiplier' : 'Add Custom Multiplier'}
      centered
    >
      {/* Keyed so it opens empty for add and prefilled for edit. */}
      <CustomMultiplierFields
        key={editing?.id ?? 'new'}
        editing={editing}
        onSubmit={onSubmit}
        onClose={onClose}
      />
    </Modal>
  );
}

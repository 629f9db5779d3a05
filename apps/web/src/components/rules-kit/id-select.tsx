import { Select } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

interface IdSelectProps<TValues extends FieldValues, TOutput> {
  control: Control<TValues, unknown, TOutput>;
  name: Path<TValues>;
  label: string;
  /** The rules to pick from, by name. */
  options: readonly { id: number; name: string }[];
  error?: string;
  placeholder?: string;
  nothingFoundMessage: string;
  disabled?: boolean;
  /** Before the form takes the new value, with the one it replaces (a new job clears the position). */
  onPick?(value: string | null, previous: unknown): void;
}

/**
 * A required, searchable select of rules by name inside a form. Mantine's Select holds the id as
 * a string; the shared schema turns it back into a number.
 */
export function IdSelect<TValues extends FieldValues, TOutput>({
  control,
  name,
  options,
  onPick,
  ...select
}: IdSelectProps<TValues, TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          {...select}
          required
          searchable
          allowDeselect={false}
          data={options.map((option) => ({ value: String(option.id), label: option.name }))}
          value={typeof field.value === 'string' ? field.value : null}
          onChange={(value) => {
            onPick?.(value, field.value);
            field.onChange(value);
          }}
          onBlur={field.onBlur}
          ref={field.ref}
          name={field.name}
        />
      )}
    />
  );
}

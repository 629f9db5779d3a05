import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormSelect } from '../form-fields.tsx';

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
  /** After the form took the new value, with the one it replaced (a new job clears the position). */
  onPick?(value: string | null, previous: unknown): void;
}

/**
 * A required, searchable select of rules by name inside a form. Mantine's Select holds the id as
 * a string; the shared schema turns it back into a number.
 */
export function IdSelect<TValues extends FieldValues, TOutput>({
  options,
  onPick,
  ...select
}: IdSelectProps<TValues, TOutput>) {
  return (
    <FormSelect
      {...select}
      required
      searchable
      allowDeselect={false}
      data={options.map((option) => ({ value: String(option.id), label: option.name }))}
      onPicked={onPick}
    />
  );
}

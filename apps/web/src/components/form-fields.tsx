import {
  Checkbox,
  type CheckboxProps,
  NumberInput,
  type NumberInputProps,
  Select,
  type SelectProps,
} from '@mantine/core';
import {
  type Control,
  type ControllerRenderProps,
  type FieldValues,
  type Path,
  useController,
} from 'react-hook-form';

/*
 * Mantine inputs bound to one react-hook-form field: its value, change, blur, name, ref and
 * error message are wired here once; a form passes only what the input shows.
 */

export interface Bound<TValues extends FieldValues, TOutput> {
  control: Control<TValues, unknown, TOutput>;
  name: Path<TValues>;
}

export type Wired = 'value' | 'checked' | 'onChange' | 'onBlur' | 'name';

/** What an input takes from its field as it is: blur, name and ref (value and change differ). */
function wired({ onBlur, name, ref }: Pick<ControllerRenderProps, 'onBlur' | 'name' | 'ref'>) {
  return { onBlur, name, ref };
}

/*
 * What someone types stays as typed: no clamping to min/max, no cutting decimals, no dropping a
 * minus. The form's schema says what is wrong under the input, and the form will not submit it
 * (a form in 'onChange' mode says it as the value is typed).
 */
type FormNumberInputProps<TValues extends FieldValues, TOutput> = Bound<TValues, TOutput> &
  Omit<NumberInputProps, Wired | 'clampBehavior' | 'decimalScale' | 'allowNegative' | 'allowDecimal'>;

export function FormNumberInput<TValues extends FieldValues, TOutput>({
  control,
  name,
  ...input
}: FormNumberInputProps<TValues, TOutput>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <NumberInput
      {...input}
      clampBehavior="none"
      error={input.error ?? fieldState.error?.message}
      value={field.value}
      onChange={field.onChange}
      {...wired(field)}
    />
  );
}

type FormSelectProps<TValues extends FieldValues, TOutput> = Bound<TValues, TOutput> &
  Omit<SelectProps, Wired> & {
    /** The value the form takes when the select is cleared (a select that must keep one). */
    fallback?: string;
    /** After the form took the new value, with the one it replaced (another job clears the position). */
    onPicked?(value: string | null, previous: unknown): void;
    /**
     * Fields whose rules depend on this one (a multiplier's value on its type), checked again after
     * a pick once the form validates on change (its mode, or after a first submit).
     */
    recheckFields?: readonly Path<TValues>[];
  };

export function FormSelect<TValues extends FieldValues, TOutput>({
  control,
  name,
  fallback,
  onPicked,
  recheckFields,
  ...select
}: FormSelectProps<TValues, TOutput>) {
  const rules = recheckFields ? { deps: [...recheckFields] } : undefined;
  const { field, fieldState } = useController({ control, name, rules });
  return (
    <Select
      {...select}
      error={select.error ?? fieldState.error?.message}
      value={field.value}
      onChange={(value) => {
        const previous = field.value;
        const next = value ?? fallback ?? null;
        field.onChange(next);
        onPicked?.(next, previous);
      }}
      {...wired(field)}
    />
  );
}

type FormCheckboxProps<TValues extends FieldValues, TOutput> = Bound<TValues, TOutput> &
  Omit<CheckboxProps, Wired>;

export function FormCheckbox<TValues extends FieldValues, TOutput>({
  control,
  name,
  ...checkbox
}: FormCheckboxProps<TValues, TOutput>) {
  const { field } = useController({ control, name });
  return (
    <Checkbox
      {...checkbox}
      checked={field.value === true}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      {...wired(field)}
    />
  );
}

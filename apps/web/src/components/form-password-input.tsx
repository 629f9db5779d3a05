import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { type FieldValues, type Path, type RegisterOptions, useFormState } from 'react-hook-form';
import type { Bound, Wired } from './form-fields.tsx';

// Its own file: the sign-in screen loads it, and form-fields.tsx would bring the number,
// select and checkbox inputs into the first visit's scripts (the 200 KB budget).

type FormPasswordInputProps<TValues extends FieldValues, TOutput> = Bound<TValues, TOutput> &
  Omit<PasswordInputProps, Wired | 'error'> & {
    /** How the field registers, e.g. `deps` to re-check a confirmation when this one changes. */
    rules?: RegisterOptions<TValues, Path<TValues>>;
  };

/**
 * A password input registered with its field (left uncontrolled, as `register` leaves it) and
 * showing its error. Mantine marks only a PasswordInput's wrapper invalid, so the input's own
 * aria-invalid is set here.
 */
export function FormPasswordInput<TValues extends FieldValues, TOutput>({
  control,
  name,
  rules,
  ...input
}: FormPasswordInputProps<TValues, TOutput>) {
  const { error } = control.getFieldState(name, useFormState({ control, name }));
  return (
    <PasswordInput
      {...input}
      error={error?.message}
      aria-invalid={error ? true : undefined}
      {...control.register(name, rules)}
    />
  );
}

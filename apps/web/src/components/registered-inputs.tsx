import { PasswordInput, type PasswordInputProps, TextInput, type TextInputProps } from '@mantine/core';
import { type FieldValues, type Path, type RegisterOptions, useFormState } from 'react-hook-form';
import type { Bound, Wired } from './form-fields.tsx';

/*
 * Text and password inputs registered with their field (left uncontrolled, as `register` leaves
 * them) and showing its error. Their own file: the sign-in screen loads them, and form-fields.tsx
 * would bring the number, select and checkbox inputs into the first visit's scripts (the 200 KB
 * budget).
 */

type Registered<TValues extends FieldValues, TOutput> = Bound<TValues, TOutput> & {
  /** How the field registers, e.g. `deps` to re-check a confirmation when this one changes. */
  rules?: RegisterOptions<TValues, Path<TValues>>;
};

/**
 * The input's own props with the field's error message and registration added, and whether the
 * field is invalid; the input re-renders when the field's error changes.
 */
function useRegistered<TValues extends FieldValues, TOutput, TInput extends object>({
  control,
  name,
  rules,
  ...input
}: Registered<TValues, TOutput> & TInput) {
  const { error } = control.getFieldState(name, useFormState({ control, name }));
  return {
    invalid: error !== undefined,
    inputProps: { ...input, error: error?.message, ...control.register(name, rules) },
  };
}

type FormTextInputProps<TValues extends FieldValues, TOutput> = Registered<TValues, TOutput> &
  Omit<TextInputProps, Wired | 'error'>;

export function FormTextInput<TValues extends FieldValues, TOutput>(
  props: FormTextInputProps<TValues, TOutput>,
) {
  const { inputProps } = useRegistered(props);
  return <TextInput {...inputProps} />;
}

type FormPasswordInputProps<TValues extends FieldValues, TOutput> = Registered<TValues, TOutput> &
  Omit<PasswordInputProps, Wired | 'error'>;

/** Mantine marks only a PasswordInput's wrapper invalid, so the input's own aria-invalid is set here. */
export function FormPasswordInput<TValues extends FieldValues, TOutput>(
  props: FormPasswordInputProps<TValues, TOutput>,
) {
  const { invalid, inputProps } = useRegistered(props);
  return <PasswordInput {...inputProps} aria-invalid={invalid ? true : undefined} />;
}

import { Select } from '@mantine/core';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { useEmployeeOptions } from '../../lib/employee-options.ts';

/**
 * The user form's Employee: the employee this user is. With Own team only, the user reads the
 * employees who report to that one, directly or not.
 */
export function LinkedEmployeeSelect<T extends FieldValues & { employeeId?: number | null }>({
  control,
}: {
  control: Control<T>;
}) {
  const { field, fieldState } = useController({ control, name: 'employeeId' as Path<T> });
  const { options } = useEmployeeOptions();
  return (
    <Select
      label="Employee"
      description="The employee this user is. With Own team only, the user sees the employees who report to them."
      placeholder="None"
      data={options}
      value={field.value === null || field.value === undefined ? null : String(field.value)}
      onChange={(value) => field.onChange(value === null ? null : Number(value))}
      onBlur={field.onBlur}
      ref={field.ref}
      name={field.name}
      error={fieldState.error?.message}
      searchable
      clearable
      nothingFoundMessage="No employee matches"
      style={{ maxWidth: '28rem' }}
    />
  );
}

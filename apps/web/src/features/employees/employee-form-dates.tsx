import { NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { completedYears, isCalendarDay } from '@salary/shared/common/calendar-day';
import { fieldsOfKind } from '@salary/shared/employees/employee-fields';
import { useEffect } from 'react';
import { type Control, Controller, type UseFormSetValue, useWatch } from 'react-hook-form';
import { FormNumberInput } from '../../components/form-fields.tsx';
import { companyToday } from '../../lib/dated/company-today.ts';
import type { EmployeeFormInput, EmployeeFormOutput } from './employee-form-values.ts';

type FormControl = Control<EmployeeFormInput, unknown, EmployeeFormOutput>;
type DateWire = (typeof DATE_FIELDS)[number]['wire'];

const DATE_FIELDS = fieldsOfKind('date');

/** The company's today (its time zone's), the day derived years count to. */
export { companyToday };

/** The employee's days (hire, career start, leave): the browser's date inputs, empty for none. */
export function EmployeeDateInputs({ control }: { control: FormControl }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="md">
      {DATE_FIELDS.map((f) => (
        <Controller
          key={f.wire}
          control={control}
          name={f.wire as DateWire}
          render={({ field, fieldState }) => (
            <TextInput
              type="date"
              label={f.label}
              value={(field.value as string | null | undefined) ?? ''}
              onChange={(event) => field.onChange(event.currentTarget.value || null)}
              onBlur={field.onBlur}
              ref={field.ref}
              name={field.name}
              error={fieldState.error?.message}
            />
          )}
        />
      ))}
    </SimpleGrid>
  );
}

/**
 * A years input, or — when its date is set — the years derived from that date as of the
 * company's today, read-only ("3 — from hire date"); the form then carries the derived number.
 */
export function EmployeeYearsInput({
  field,
  control,
  setValue,
}: {
  field: ReturnType<typeof fieldsOfKind<'years'>>[number];
  control: FormControl;
  setValue: UseFormSetValue<EmployeeFormInput>;
}) {
  const from = field.derivedFrom?.field as DateWire | undefined;
  const day = useWatch({ control, name: (from ?? field.wire) as DateWire });
  const derived =
    from && typeof day === 'string' && isCalendarDay(day) ? completedYears(day, companyToday()) : null;
  useEffect(() => {
    if (derived !== null) setValue(field.wire, derived, { shouldValidate: true });
  }, [derived, field.wire, setValue]);
  if (derived !== null)
    return (
      <NumberInput
        label={field.label}
        value={derived}
        readOnly
        variant="filled"
        description={`${derived} — ${field.derivedFrom?.note}`}
        rightSection={null}
      />
    );
  return (
    <FormNumberInput
      control={control}
      name={field.wire}
      label={field.label}
      required
      min={0}
      max={100}
      step={1}
    />
  );
}

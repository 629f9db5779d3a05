import { Checkbox, SimpleGrid, Text } from '@mantine/core';
import { fieldsOfKind } from '@salary/shared/employees/employee-fields';
import type { SettingsRead } from '@salary/shared/settings/settings.contract';
import { type Control, Controller } from 'react-hook-form';
import { FormCheckbox } from '../../components/form-fields.tsx';
import { customMultiplierEffect } from './custom-multiplier-label.ts';
import type { EmployeeFormInput, EmployeeFormOutput } from './employee-form-values.ts';

type FormControl = Control<EmployeeFormInput, unknown, EmployeeFormOutput>;

const FLAGS = fieldsOfKind('flag').map((f) => ({ name: f.wire, label: f.label }));

/** The four flags ('Base on Project' is offshoreProject on the wire). */
export function SalaryFactorCheckboxes({ control }: { control: FormControl }) {
  return (
    // A plain fieldset: Checkbox.Group would take the boxes' state from a value list.
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <Text component="legend" size="sm" fw="var(--mantine-font-weight-medium)">
        Salary factors
      </Text>
      <Text c="dimmed" size="xs">
        Each applies its multiplier from the settings.
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm" mt="xs">
        {FLAGS.map((flag) => (
          <FormCheckbox key={flag.name} control={control} name={flag.name} label={flag.label} />
        ))}
      </SimpleGrid>
    </fieldset>
  );
}

interface CustomMultiplierCheckboxesProps {
  control: FormControl;
  multipliers: SettingsRead['customMultipliers'];
  error: string | undefined;
}

/** One checkbox per custom multiplier in the settings; the ticked ids are the employee's. */
export function CustomMultiplierCheckboxes({ control, multipliers, error }: CustomMultiplierCheckboxesProps) {
  if (multipliers.length === 0) return null;
  return (
    <Controller
      control={control}
      name="customMultipliers"
      render={({ field }) => (
        <Checkbox.Group
          label="Custom multipliers"
          description="Extra multipliers from the settings that apply to this employee."
          value={field.value as string[]}
          onChange={field.onChange}
          error={error}
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm" mt="xs">
            {multipliers.map((multiplier) => (
              <Checkbox
                key={multiplier.id}
                value={multiplier.id}
                label={
                  'multiplier' in multiplier ? (
                    <>
                      {multiplier.title}{' '}
                      <Text span c="dimmed" size="sm">
                        ({customMultiplierEffect(multiplier)})
                      </Text>
                    </>
                  ) : (
                    multiplier.title
                  )
                }
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      )}
    />
  );
}

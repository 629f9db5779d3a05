import { Checkbox, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface CheckboxOption {
  key: string;
  label: string;
  description?: ReactNode;
  checked: boolean;
}

interface OptionCheckboxesProps {
  legend: string;
  options: CheckboxOption[];
  /** Said instead of the boxes when there are none. */
  emptyText?: string;
  disabled?: boolean;
  onChange(key: string, checked: boolean): void;
}

/** A titled group of checkboxes, two columns from small screens up. */
export function OptionCheckboxes({ legend, options, emptyText, disabled, onChange }: OptionCheckboxesProps) {
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }} disabled={disabled}>
      <Text component="legend" fw={600} size="sm" mb="xs">
        {legend}
      </Text>
      {options.length === 0 ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          {options.map((option) => (
            <Checkbox
              key={option.key}
              label={option.label}
              description={option.description}
              checked={option.checked}
              onChange={(event) => onChange(option.key, event.currentTarget.checked)}
            />
          ))}
        </SimpleGrid>
      )}
    </fieldset>
  );
}

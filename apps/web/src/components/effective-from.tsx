import { Anchor, Group, Text, TextInput } from '@mantine/core';
import { useId } from 'react';

interface EffectiveFromProps {
  /** null: collapsed ("today"); a string (possibly empty) once opened. */
  value: string | null;
  onChange(value: string | null): void;
}

/**
 * The day a change takes effect from (Edit Employee, the rule forms). Collapsed it reads
 * "Effective from: today — change" and the save sends no day; opened it is a date (empty still
 * means today).
 */
export function EffectiveFrom({ value, onChange }: EffectiveFromProps) {
  const hintId = useId();
  if (value === null)
    return (
      <Group gap={6} wrap="wrap">
        <Text size="sm">
          Effective from: <strong>today</strong>
        </Text>
        <Text size="sm" c="dimmed" aria-hidden>
          —
        </Text>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => onChange('')}
          aria-describedby={hintId}
        >
          change
        </Anchor>
        <Text id={hintId} hidden>
          Choose the day this change takes effect from
        </Text>
      </Group>
    );
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        type="date"
        label="Effective from"
        description="A day to come schedules the change; today's values stay until then."
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        style={{ flex: '1 1 16rem', maxWidth: '24rem' }}
        data-autofocus
        autoFocus
      />
      <Anchor component="button" type="button" size="sm" mb={8} onClick={() => onChange(null)}>
        Back to today
      </Anchor>
    </Group>
  );
}

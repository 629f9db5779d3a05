import { Group, type GroupProps, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/*
 * The settings screens' lists of items (benefits, custom multipliers): a named list, one line an
 * item, ruled between them, with a quiet sentence in its place while it is empty.
 */

interface SettingsListProps {
  /** The list's accessible name: 'Current Benefits'. */
  label: string;
  /** Said instead of the list while it has no items. */
  emptyText: string;
  count: number;
  children: ReactNode;
}

export function SettingsList({ label, emptyText, count, children }: SettingsListProps) {
  if (count === 0) {
    return (
      <Text c="dimmed" size="sm" ta="center" py="lg">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack gap={0} component="ul" aria-label={label} m={0} p={0} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  );
}

/** One item's line: its name and details at the start, its figure or actions at the end. */
export function SettingsListItem(props: Omit<GroupProps, 'component' | 'justify' | 'py' | 'style'>) {
  return (
    <Group
      component="li"
      justify="space-between"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
      {...props}
    />
  );
}

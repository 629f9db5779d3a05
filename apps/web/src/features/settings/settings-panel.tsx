import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SettingsPanelProps {
  title: string;
  description?: ReactNode;
  /** Shown on the right of the title (a count, a button). */
  aside?: ReactNode;
  children: ReactNode;
}

/** The bordered surface every settings section draws its parts on, as User Management does. */
export function SettingsPanel({ title, description, aside, children }: SettingsPanelProps) {
  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'md', sm: 'lg' }} aria-label={title}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={2} style={{ flex: '1 1 220px', minWidth: 0 }}>
            <Title order={3} size="h4">
              {title}
            </Title>
            {description ? (
              <Text c="dimmed" size="sm">
                {description}
              </Text>
            ) : null}
          </Stack>
          {aside}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

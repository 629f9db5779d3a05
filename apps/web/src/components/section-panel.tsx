import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SectionPanelProps {
  title: string;
  description?: ReactNode;
  /** Top-right controls (e.g. 'Add Job'); they drop under the title on narrow screens. */
  actions?: ReactNode;
  children: ReactNode;
}

/** The surface a settings section draws its list or form on, so every section reads the same. */
export function SectionPanel({ title, description, actions, children }: SectionPanelProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Group justify="space-between" align="flex-start" gap="sm" mb="md" wrap="wrap">
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
        {actions ? (
          <Group gap="sm" wrap="wrap">
            {actions}
          </Group>
        ) : null}
      </Group>
      {children}
    </Paper>
  );
}

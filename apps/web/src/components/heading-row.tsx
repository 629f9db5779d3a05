import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

const LEVELS = {
  page: { order: 1, size: 'h2', gap: 'md', titleGap: 4, basis: '1 1 240px' },
  section: { order: 2, size: 'h4', gap: 'sm', titleGap: 2, basis: '1 1 220px' },
} as const;

interface HeadingRowProps {
  /** 'page': a screen's one h1 (focused on navigation); 'section': the h2 of a panel on it. */
  level: keyof typeof LEVELS;
  title: string;
  description?: ReactNode;
  /** Controls on the right (buttons, a count); they wrap under the title on narrow screens. */
  actions?: ReactNode;
  mb?: 'md' | 'lg';
}

/** A title with its dimmed description and, on the right, what acts on it. */
export function HeadingRow({ level, title, description, actions, mb }: HeadingRowProps) {
  const style = LEVELS[level];
  return (
    <Group justify="space-between" align="flex-start" gap={style.gap} mb={mb} wrap="wrap">
      <Stack gap={style.titleGap} style={{ flex: style.basis, minWidth: 0 }}>
        <Title order={style.order} size={style.size} tabIndex={level === 'page' ? -1 : undefined}>
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
  );
}

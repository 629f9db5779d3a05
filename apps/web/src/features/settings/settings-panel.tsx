import { Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { HeadingRow } from '../../components/heading-row.tsx';

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
        <HeadingRow level="section" title={title} description={description} actions={aside} />
        {children}
      </Stack>
    </Paper>
  );
}

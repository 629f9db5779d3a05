import { Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { HeadingRow } from '../../components/heading-row.tsx';

/** One lettered part of the report ('(f) …', '(g) …'): a named section under its heading. */
export function ReportSection({
  label,
  title,
  description,
  children,
}: {
  /** The section's accessible name: 'Pay quartiles'. */
  label: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={label}>
      <Stack gap="sm">
        <HeadingRow level="section" title={title} description={description} />
        {children}
      </Stack>
    </Paper>
  );
}

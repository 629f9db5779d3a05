import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { HeadingRow } from './heading-row.tsx';

interface SectionPanelProps {
  title: string;
  description?: ReactNode;
  /** Top-right controls (e.g. 'Add Job'); they drop under the title on narrow screens. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The surface a section draws its list, form or chart on (settings, Pay Overview), so every
 * section reads the same.
 */
export function SectionPanel({ title, description, actions, children }: SectionPanelProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <HeadingRow level="section" mb="md" title={title} description={description} actions={actions} />
      {children}
    </Paper>
  );
}

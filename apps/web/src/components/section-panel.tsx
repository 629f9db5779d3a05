import { type MantineSpacing, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { HeadingRow } from './heading-row.tsx';

interface SectionPanelProps {
  title: string;
  description?: ReactNode;
  /** Top-right controls (e.g. 'Add Job'); they drop under the title on narrow screens. */
  actions?: ReactNode;
  children: ReactNode;
  /** Space above, where the panel follows another one (the employee form's pay history). */
  mt?: MantineSpacing;
}

/**
 * The surface a section draws its list, form or chart on (settings, Pay Overview, an employee's
 * pay history), so every section reads the same.
 */
export function SectionPanel({ title, description, actions, children, mt }: SectionPanelProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} mt={mt} component="section" aria-label={title}>
      <HeadingRow level="section" mb="md" title={title} description={description} actions={actions} />
      {children}
    </Paper>
  );
}

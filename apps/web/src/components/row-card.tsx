import { Card, type CardProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** The tint of the row being edited or just saved, in a table and on a phone card alike. */
export function rowHighlight(highlighted: boolean): string | undefined {
  return highlighted ? 'var(--mantine-primary-color-light)' : undefined;
}

interface RowCardProps extends CardProps {
  highlighted: boolean;
  children: ReactNode;
}

/** One row of a list on a phone, where the table does not fit 390 px: a small bordered card. */
export function RowCard({ highlighted, children, ...card }: RowCardProps) {
  return (
    <Card withBorder padding="sm" radius="md" bg={rowHighlight(highlighted)} {...card}>
      {children}
    </Card>
  );
}

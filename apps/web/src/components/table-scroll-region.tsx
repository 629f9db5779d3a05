import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table wider than a phone, scrolling sideways inside a named region that a keyboard can
 * focus to scroll it.
 */
export function TableScrollRegion({
  label,
  minWidth,
  children,
}: {
  /** The region's name: 'Pay history table'. */
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={label}>
      {children}
    </Table.ScrollContainer>
  );
}

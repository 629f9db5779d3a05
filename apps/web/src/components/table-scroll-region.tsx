import { Table } from '@mantine/core';
import { type ReactNode, type RefObject, useRef } from 'react';
import classes from './side-scroll.module.css';
import { SideScrollHint } from './side-scroll-hint.tsx';
import { useSideScroll } from './use-side-scroll.ts';

/**
 * A table wider than a phone, scrolling sideways inside a named region that a keyboard can
 * focus to scroll it; a shaded edge and a line under it show that columns are out of view.
 * With `maxHeight` it scrolls down too (a long table whose rows are windowed, its header kept
 * in view); `scrollRef` then names the scrolling element.
 */
export function TableScrollRegion({
  label,
  minWidth,
  maxHeight,
  scrollRef,
  children,
}: {
  /** The region's name: 'Pay history table'. */
  label: string;
  minWidth: number;
  maxHeight?: string;
  scrollRef?: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}) {
  const own = useRef<HTMLDivElement>(null);
  const ref = scrollRef ?? own;
  const more = useSideScroll(ref);
  return (
    <div>
      <div
        className={classes.frame}
        data-more-left={more.left || undefined}
        data-more-right={more.right || undefined}
      >
        <Table.ScrollContainer
          ref={ref}
          minWidth={minWidth}
          style={maxHeight ? { maxHeight, overflowY: 'auto' } : undefined}
          type="native"
          tabIndex={0}
          role="region"
          aria-label={label}
        >
          {children}
        </Table.ScrollContainer>
      </div>
      <SideScrollHint more={more} />
    </div>
  );
}

import classes from './side-scroll.module.css';
import type { SideScroll } from './use-side-scroll.ts';

/** The line under a box whose columns do not all fit; the arrows point to where the rest are. */
export function SideScrollHint({ more }: { more: SideScroll }) {
  if (!more.left && !more.right) return null;
  return (
    <p className={classes.hint} data-scroll-hint>
      {more.left ? '← ' : ''}Scroll sideways to see every column{more.right ? ' →' : ''}
    </p>
  );
}

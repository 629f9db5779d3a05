import { type RefObject, useEffect, useState } from 'react';

export interface SideScroll {
  /** Columns hidden to the left (the box was scrolled). */
  left: boolean;
  /** Columns hidden to the right. */
  right: boolean;
}

const NONE: SideScroll = { left: false, right: false };

/**
 * Which sides of a sideways-scrolling box hide content, kept current as it scrolls or resizes,
 * so the box can show that there is more (a column cut off with no hint reads as missing).
 */
export function useSideScroll(ref: RefObject<HTMLElement | null>): SideScroll {
  const [state, setState] = useState<SideScroll>(NONE);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      const max = box.scrollWidth - box.clientWidth;
      const left = max > 1 && box.scrollLeft > 1;
      const right = max > 1 && box.scrollLeft < max - 1;
      setState((s) => (s.left === left && s.right === right ? s : { left, right }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    box.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener('scroll', measure);
    };
  }, [ref]);
  return state;
}

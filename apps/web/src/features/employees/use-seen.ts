import { type RefObject, useEffect, useState } from 'react';

/**
 * True once the element has come near the viewport (a screen's height ahead), and from then on:
 * a section below the fold reads its data only when the user scrolls towards it. Without
 * IntersectionObserver it is true at once.
 */
export function useSeen(ref: RefObject<Element | null>): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen;
}

import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * True while the page is being printed: from `beforeprint` to `afterprint`, and while the
 * print media query matches (a print preview, or print emulated by a test). A windowed list
 * draws every row then. The change is flushed at once: the browser lays the page out for the
 * paper right after `beforeprint` returns.
 */
export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const query = typeof window.matchMedia === 'function' ? window.matchMedia('print') : undefined;
    const set = (value: boolean) => flushSync(() => setPrinting(value));
    const before = () => set(true);
    const after = () => set(query?.matches ?? false);
    const change = () => set(query?.matches ?? false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    query?.addEventListener('change', change);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
      query?.removeEventListener('change', change);
    };
  }, []);
  return printing;
}

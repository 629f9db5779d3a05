import type { MouseEvent, ReactNode } from 'react';

interface SkipLinkProps {
  /** The id of the element the link leads to (it must take focus: tabIndex 0 or -1). */
  target: string;
  /** Where to go when the target is not on screen (still loading, nothing to list). */
  fallback?: string;
  children: ReactNode;
}

/**
 * A link past a page's controls, hidden until keyboard focus reaches it: Enter moves focus to
 * the target, so the next Tab is inside it (the layout's own skip link leads to the main content).
 */
export function SkipLink({ target, fallback, children }: SkipLinkProps) {
  const go = (event: MouseEvent<HTMLAnchorElement>) => {
    const element = document.getElementById(target) ?? (fallback ? document.getElementById(fallback) : null);
    if (!element) return;
    // Focus itself, not the address's #fragment: the directory's filters live in the address.
    event.preventDefault();
    element.focus();
  };
  return (
    <a className="skip-link-inline" href={`#${target}`} onClick={go}>
      {children}
    </a>
  );
}

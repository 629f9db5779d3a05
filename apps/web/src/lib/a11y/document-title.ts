import { useEffect } from 'react';

export const APP_NAME = 'Salary System';

/** "Employees · Salary System": the page's own name first, so a tab or a history list says it. */
export function documentTitle(...parts: string[]): string {
  return [...parts.filter(Boolean), APP_NAME].join(' · ');
}

/** Sets document.title while the calling page is shown. */
export function useDocumentTitle(...parts: string[]): void {
  const title = documentTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

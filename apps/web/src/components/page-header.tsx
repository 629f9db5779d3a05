import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/a11y/document-title.ts';
import { HeadingRow } from './heading-row.tsx';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons on the right; they wrap under the title on narrow screens. */
  actions?: ReactNode;
  /** document.title parts before the app's name when they differ from `title` ('Jobs', 'Settings'). */
  documentTitle?: string[];
}

/** The page's one h1, and document.title "<title> · Salary System" while the page is shown. */
export function PageHeader({ documentTitle, ...props }: PageHeaderProps) {
  useDocumentTitle(...(documentTitle ?? [props.title]));
  return <HeadingRow level="page" mb="lg" {...props} />;
}

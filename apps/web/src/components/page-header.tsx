import type { ReactNode } from 'react';
import { HeadingRow } from './heading-row.tsx';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons on the right; they wrap under the title on narrow screens. */
  actions?: ReactNode;
}

export function PageHeader(props: PageHeaderProps) {
  return <HeadingRow level="page" mb="lg" {...props} />;
}

import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SectionLoader } from './section-loader.tsx';

/** The parts of a TanStack query a retry reads. */
interface RetriedQuery {
  refetch(): unknown;
  isFetching: boolean;
}

interface LoadFailedProps {
  /** e.g. 'Could not load jobs'. */
  title: string;
  /** One sentence; 'Try again' follows it. */
  children: ReactNode;
  /** What 'Try again' reads again; the button spins while it does. */
  query: RetriedQuery;
}

/** Shown in place of what could not be read; the toast has already named the reason. */
export function LoadFailed({ title, children, query }: LoadFailedProps) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={title}>
      {children}{' '}
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        onClick={() => query.refetch()}
        loading={query.isFetching}
      >
        Try again
      </Button>
    </Alert>
  );
}

/** Shown while a read has no answer yet: a spinner, or LoadFailed once it has failed. */
export function LoadingOrFailed({ query, ...failed }: LoadFailedProps & { query: { isError: boolean } }) {
  return query.isError ? <LoadFailed query={query} {...failed} /> : <SectionLoader />;
}

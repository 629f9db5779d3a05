import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface LoadFailedProps {
  /** e.g. 'Could not load jobs'. */
  title: string;
  /** One sentence; 'Try again' follows it. */
  children: ReactNode;
  onRetry(): void;
  retrying?: boolean;
}

/** Shown in place of what could not be read; the toast has already named the reason. */
export function LoadFailed({ title, children, onRetry, retrying = false }: LoadFailedProps) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={title}>
      {children}{' '}
      <Button size="compact-sm" variant="subtle" color="red" onClick={onRetry} loading={retrying}>
        Try again
      </Button>
    </Alert>
  );
}

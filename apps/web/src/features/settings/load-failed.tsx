import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Shown in place of a section whose settings could not be read; the toast said why. */
export function LoadFailed({ onRetry, retrying }: { onRetry(): void; retrying: boolean }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Settings not loaded">
      The settings could not be loaded.{' '}
      <Button size="compact-sm" variant="subtle" color="red" onClick={onRetry} loading={retrying}>
        Try again
      </Button>
    </Alert>
  );
}

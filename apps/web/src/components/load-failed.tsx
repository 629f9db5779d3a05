import { Button, EmptyState } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';

/** A list that could not load says so in place (the toast has already named the reason). */
export function LoadFailed({ what, onRetry }: { what: string; onRetry(): void }) {
  return (
    <EmptyState
      py="xl"
      size="sm"
      withIndicatorBackground
      icon={<IconCloudOff size={22} stroke={1.6} />}
      title={`Could not load ${what}`}
      description="Check your connection and try again."
    >
      <EmptyState.Actions>
        <Button variant="default" size="xs" onClick={onRetry}>
          Try again
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

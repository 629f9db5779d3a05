import { Center, Loader, Stack, Text } from '@mantine/core';

/** Shown while the stored session is being verified ('Loading...' with a spinner). */
export function FullPageLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center mih="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="md" />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

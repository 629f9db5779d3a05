import { Center, Loader } from '@mantine/core';

/** Fallback while a lazily loaded page or section arrives; sized so the layout does not jump. */
export function SectionLoader() {
  return (
    <Center py={64} role="status" aria-label="Loading">
      <Loader size="sm" />
    </Center>
  );
}

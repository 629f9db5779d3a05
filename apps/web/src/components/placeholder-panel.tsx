import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';

interface PlaceholderPanelProps {
  title: string;
  /** One plain sentence saying what will live here and which feature brings it. */
  message: string;
}

/** Stand-in for a screen another feature will deliver; replaced wholesale by that feature. */
export function PlaceholderPanel({ title, message }: PlaceholderPanelProps) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="xs" py="xl" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconHourglassEmpty size={24} stroke={1.5} />
        </ThemeIcon>
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text c="dimmed" size="sm" maw={460}>
          {message}
        </Text>
      </Stack>
    </Paper>
  );
}

import { Center, Group, Text } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';

export function Brand() {
  return (
    <Group gap="xs" wrap="nowrap">
      <Center w={30} h={30} bg="indigo.8" c="white" style={{ borderRadius: 8, flexShrink: 0 }} aria-hidden>
        <IconWallet size={18} stroke={2} />
      </Center>
      <Text fw={700} size="md">
        Salary System
      </Text>
    </Group>
  );
}

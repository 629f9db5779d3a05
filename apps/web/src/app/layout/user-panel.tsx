import { Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { ROLE_LABELS } from '@salary/shared/common/permissions';
import { IconLogout } from '@tabler/icons-react';
import { useAuth, useCurrentUser } from '../../lib/auth/auth-context.ts';

function initialsOf(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 0 ? words.slice(0, 2).map((w) => w[0]) : [email[0]];
  return letters.join('').toUpperCase();
}

/** Who is signed in (email and role label) and the Logout button. */
export function UserPanel() {
  const { logout } = useAuth();
  const user = useCurrentUser();
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="nowrap" data-testid="current-user">
        <Avatar color="indigo" radius="xl" size={36}>
          {initialsOf(user.name, user.email)}
        </Avatar>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={500} truncate="end" title={user.email}>
            {user.email}
          </Text>
          <Text size="xs" c="dimmed">
            {ROLE_LABELS[user.role]}
          </Text>
        </div>
      </Group>
      <Button variant="default" fullWidth leftSection={<IconLogout size={16} />} onClick={logout}>
        Logout
      </Button>
    </Stack>
  );
}

import { Box, Group, Loader, Paper, Text, Title } from '@mantine/core';
import type { User } from '@salary/shared/auth/auth.contract';
import type { UserActionHandlers } from './user-actions.tsx';
import { UserCards } from './user-cards.tsx';
import { UserTable } from './user-table.tsx';

interface UserListProps extends UserActionHandlers {
  users: User[] | undefined;
  loading: boolean;
  editingId: number | null;
}

function ListBody({ users, loading, ...rest }: UserListProps) {
  if (loading) {
    return (
      <Group gap="xs" justify="center" py="xl" role="status">
        <Loader size="xs" />
        <Text c="dimmed" size="sm">
          Loading users...
        </Text>
      </Group>
    );
  }
  if (!users || users.length === 0) {
    return (
      <Text c="dimmed" size="sm" ta="center" py="xl">
        No users found
      </Text>
    );
  }
  return (
    <>
      <Box visibleFrom="sm">
        <UserTable users={users} {...rest} />
      </Box>
      <Box hiddenFrom="sm">
        <UserCards users={users} {...rest} />
      </Box>
    </>
  );
}

export function UserList(props: UserListProps) {
  const count = props.users?.length;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} size="h4">
          Users
        </Title>
        {count !== undefined ? (
          <Text c="dimmed" size="sm">
            {count === 1 ? '1 user' : `${count} users`}
          </Text>
        ) : null}
      </Group>
      <ListBody {...props} />
    </Paper>
  );
}

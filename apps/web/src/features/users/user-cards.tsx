import { Group, Stack, Text } from '@mantine/core';
import type { User } from '@salary/shared/auth/auth.contract';
import { RowCard } from '../../components/row-card.tsx';
import { PermissionSummary } from './permission-summary.tsx';
import { RoleBadge } from './role-badge.tsx';
import { type UserActionHandlers, UserActions } from './user-actions.tsx';

interface UserCardsProps extends UserActionHandlers {
  users: User[];
  editingId: number | null;
}

/** Phones: a five-column table does not fit 390 px, so each user becomes a small card. */
export function UserCards({ users, editingId, ...handlers }: UserCardsProps) {
  return (
    <Stack gap="sm">
      {users.map((user) => (
        <RowCard key={user.id} highlighted={user.id === editingId} data-user-email={user.email}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm">
                {user.name}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Text>
            </div>
            <RoleBadge user={user} />
          </Group>
          <Stack gap="sm" mt="sm">
            <PermissionSummary user={user} />
            <UserActions user={user} {...handlers} />
          </Stack>
        </RowCard>
      ))}
    </Stack>
  );
}

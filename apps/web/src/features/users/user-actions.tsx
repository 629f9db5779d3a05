import { Button, Group } from '@mantine/core';
import type { User } from '@salary/shared/auth/auth.contract';
import { IconDevices } from '@tabler/icons-react';
import { RowButtons } from '../../components/rules-kit/row-actions.tsx';

export interface UserActionHandlers {
  onEdit(user: User): void;
  onDelete(user: User): void;
  onSessions(user: User): void;
}

/** Sessions for everyone; Edit and Delete, which administrator accounts never get. */
export function UserActions({ user, onEdit, onDelete, onSessions }: { user: User } & UserActionHandlers) {
  const sessions = (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconDevices size={14} />}
      onClick={() => onSessions(user)}
      aria-label={`Sessions of ${user.email}`}
    >
      Sessions
    </Button>
  );
  if (user.isAdmin)
    return (
      <Group gap="xs" justify="flex-end" wrap="nowrap">
        {sessions}
      </Group>
    );
  return (
    <RowButtons onEdit={() => onEdit(user)} onDelete={() => onDelete(user)}>
      {sessions}
    </RowButtons>
  );
}

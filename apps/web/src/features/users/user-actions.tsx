import { Button, Group } from '@mantine/core';
import type { User } from '@salary/shared/auth/auth.contract';
import { IconDevices, IconPencil, IconTrash } from '@tabler/icons-react';

export interface UserActionHandlers {
  onEdit(user: User): void;
  onDelete(user: User): void;
  onSessions(user: User): void;
}

/** Sessions for everyone; Edit and Delete, which administrator accounts never get (spec §6). */
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
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {sessions}
      <Button size="xs" variant="light" leftSection={<IconPencil size={14} />} onClick={() => onEdit(user)}>
        Edit
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconTrash size={14} />}
        onClick={() => onDelete(user)}
      >
        Delete
      </Button>
    </Group>
  );
}

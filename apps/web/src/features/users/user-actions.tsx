import { Button, Group } from '@mantine/core';
import type { User } from '@salary/shared/auth/auth.contract';
import { IconPencil, IconTrash } from '@tabler/icons-react';

export interface UserActionHandlers {
  onEdit(user: User): void;
  onDelete(user: User): void;
}

/** Edit and Delete; administrator accounts get neither (spec §6). */
export function UserActions({ user, onEdit, onDelete }: { user: User } & UserActionHandlers) {
  if (user.isAdmin) return null;
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
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

import { Badge, Text } from '@mantine/core';
import type { User } from '@salary/shared/auth/auth.contract';
import { grantedPermissionLabels } from './permission-words.ts';

/** Granted permissions as readable words; admins hold all of them whatever their flags say. */
export function PermissionSummary({ user }: { user: User }) {
  if (user.isAdmin) {
    return (
      <Badge variant="light" color="indigo" size="sm">
        All permissions
      </Badge>
    );
  }
  const words = grantedPermissionLabels(user);
  // Plain words wrap where badges would be cut off in a narrow column.
  return (
    <Text size="sm" c={words.length === 0 ? 'dimmed' : undefined} lh={1.45}>
      {words.length === 0 ? 'No permissions' : words.join(', ')}
    </Text>
  );
}

import { Badge } from '@mantine/core';
import type { User } from '@salary/shared/auth/auth.contract';
import { ROLE_LABELS } from '@salary/shared/common/permissions';

export function RoleBadge({ user }: { user: User }) {
  return (
    <Badge
      variant={user.isAdmin ? 'filled' : 'outline'}
      color={user.isAdmin ? 'indigo' : 'gray'}
      size="sm"
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      {ROLE_LABELS[user.role]}
    </Badge>
  );
}

import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../lib/auth/auth-context.ts';

/**
 * A settings section for administrators only (User Management, Audit Log): anyone else reaching
 * its address sees 'Access denied' and `denied`, and the section itself never renders.
 */
export function AdminOnly({ denied, children }: { denied: string; children: ReactNode }) {
  const user = useCurrentUser();
  if (!user.isAdmin) {
    return (
      <Alert color="red" variant="light" icon={<IconLock size={18} />} title="Access denied">
        {denied}
      </Alert>
    );
  }
  return children;
}

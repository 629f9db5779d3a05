import type { User } from '@salary/shared/auth/auth.contract';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useCurrentUser } from '../../lib/auth/auth-context.ts';
import { useToast } from '../../lib/toast/toast-context.ts';

/** Said as a guarded address sends the user away, so the redirect is never silent. */
export const NO_ACCESS_MESSAGE = 'You do not have permission to open that page';

/** Users lacking access to a guarded route go to /dashboard, told why in a toast. */
export function RequireAccess({ allow }: { allow(user: User): boolean }) {
  const user = useCurrentUser();
  const toast = useToast();
  const allowed = allow(user);
  useEffect(() => {
    if (!allowed) toast.warning(NO_ACCESS_MESSAGE);
  }, [allowed, toast]);
  return allowed ? <Outlet /> : <Navigate to="/dashboard" replace />;
}

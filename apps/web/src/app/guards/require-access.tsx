import type { User } from '@salary/shared/auth/auth.contract';
import { Navigate, Outlet } from 'react-router';
import { useCurrentUser } from '../../lib/auth/auth-context.ts';

/** Users lacking access to a guarded route go to /dashboard (spec §6). */
export function RequireAccess({ allow }: { allow(user: User): boolean }) {
  const user = useCurrentUser();
  return allow(user) ? <Outlet /> : <Navigate to="/dashboard" replace />;
}

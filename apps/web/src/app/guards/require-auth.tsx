import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { loginRedirectState } from '../../lib/auth/login-redirect.ts';
import { AppLayout } from '../lazy-pages.ts';

/** Login guard around the shared layout: a visitor without a session goes to /login, origin kept. */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status !== 'authenticated') {
    return <Navigate to="/login" replace state={loginRedirectState(location)} />;
  }
  return (
    <Suspense fallback={<FullPageLoader />}>
      <AppLayout />
    </Suspense>
  );
}

import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { takeSsoTarget } from './sso-target.ts';

/**
 * /login/sso: where the server sends the browser after the identity provider. The sign-in waits
 * in an HttpOnly cookie; this page collects it once with a POST, then goes on like a login.
 */
export default function SsoCallbackPage() {
  const { completeSso } = useAuth();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    // The handoff works once: never collect it twice (StrictMode runs effects twice).
    if (started.current) return;
    started.current = true;
    completeSso().then(
      () => navigate(takeSsoTarget(), { replace: true }),
      () => navigate('/login?sso=error&reason=failed', { replace: true }),
    );
  }, [completeSso, navigate]);

  return <FullPageLoader label="Signing in..." />;
}

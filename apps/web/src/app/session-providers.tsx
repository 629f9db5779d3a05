import type { User } from '@salary/shared/auth/auth.contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { AuthProvider } from '../lib/auth/auth-provider.tsx';
import { ToastProvider } from '../lib/toast/toast-provider.tsx';
import { AccountDialogsProvider } from './account-dialogs-provider.tsx';
import { openStoredSession } from './opening-page.ts';

/** Everything that needs the router and the query client; tests mount it under a MemoryRouter. */
export function SessionProviders({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // The opening data is asked for only while these providers are mounted: a prefetch that
  // fires after they are gone (the page left, a test ended) would be a request nobody reads.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const onSessionCheck = useCallback(
    (confirmed: Promise<User>) => openStoredSession(queryClient, confirmed, () => mounted.current),
    [queryClient],
  );
  return (
    <ToastProvider>
      <AuthProvider onSessionCheck={onSessionCheck}>
        <AccountDialogsProvider>{children}</AccountDialogsProvider>
      </AuthProvider>
    </ToastProvider>
  );
}

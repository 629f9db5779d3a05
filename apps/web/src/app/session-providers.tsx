import type { ReactNode } from 'react';
import { AuthProvider } from '../lib/auth/auth-provider.tsx';
import { ToastProvider } from '../lib/toast/toast-provider.tsx';
import { AccountDialogsProvider } from './account-dialogs-provider.tsx';

/** Everything that needs the router and the query client; tests mount it under a MemoryRouter. */
export function SessionProviders({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <AuthProvider>
        <AccountDialogsProvider>{children}</AccountDialogsProvider>
      </AuthProvider>
    </ToastProvider>
  );
}

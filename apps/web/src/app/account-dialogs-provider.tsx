import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { type AccountDialogs, AccountDialogsContext } from '../lib/account-dialogs.ts';

// Loaded on first use: most visits never change a password.
const ChangePasswordModal = lazy(() => import('../features/auth/change-password-modal.tsx'));

/** Hosts account dialogs once for the whole app; buttons anywhere open them through the context. */
export function AccountDialogsProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  // Stays mounted after the first open so the closing transition can play.
  const [used, setUsed] = useState(false);
  const dialogs = useMemo<AccountDialogs>(
    () => ({
      openChangePassword: () => {
        setUsed(true);
        setOpened(true);
      },
    }),
    [],
  );
  return (
    <AccountDialogsContext value={dialogs}>
      {children}
      {used ? (
        <Suspense fallback={null}>
          <ChangePasswordModal opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </AccountDialogsContext>
  );
}

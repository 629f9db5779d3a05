import { createContext, use } from 'react';

/**
 * Account dialogs are opened from feature screens (the employees header) but live in the auth
 * feature; the app wires the two through this context so features never import each other.
 */
export interface AccountDialogs {
  openChangePassword(): void;
}

export const AccountDialogsContext = createContext<AccountDialogs | null>(null);

export function useAccountDialogs(): AccountDialogs {
  const value = use(AccountDialogsContext);
  if (!value) throw new Error('useAccountDialogs must be used within an AccountDialogsProvider');
  return value;
}

import { requiredContext } from './required-context.ts';

/**
 * Account dialogs are opened from feature screens (the employees header) but live in the auth
 * feature; the app wires the two through this context so features never import each other.
 */
export interface AccountDialogs {
  openChangePassword(): void;
}

export const [AccountDialogsContext, useAccountDialogs] = requiredContext<AccountDialogs>(
  'useAccountDialogs must be used within an AccountDialogsProvider',
);

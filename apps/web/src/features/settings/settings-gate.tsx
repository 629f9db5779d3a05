import { Stack } from '@mantine/core';
import type { Settings } from '@salary/shared/settings/settings.contract';
import type { ReactNode } from 'react';
import { LoadingOrFailed } from '../../components/load-failed.tsx';
import { useCanManageSettings } from '../../lib/permissions.ts';
import { useSettingsValues } from '../../lib/salary-rules/get-settings.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { ReadOnlyNotice } from './read-only-notice.tsx';

interface SettingsGateProps {
  /** The section's own toast when the read fails without a server message. */
  failureMessage: string;
  children(settings: Settings): ReactNode;
}

/** Reads the settings for a section: a spinner, then the section, or a retry when the read failed. */
export function SettingsGate({ failureMessage, children }: SettingsGateProps) {
  const settings = useSettingsValues();
  useLoadErrorToast(settings.error, failureMessage);
  if (settings.data) return children(settings.data);
  return (
    <LoadingOrFailed title="Settings not loaded" query={settings}>
      The settings could not be loaded.
    </LoadingOrFailed>
  );
}

interface SettingsFormSectionProps {
  failureMessage: string;
  /** The section's form; `readOnly` for those who may only look. Key it by `settings.version`. */
  children(settings: Settings, readOnly: boolean): ReactNode;
}

/** A section edited as one form (multipliers, social insurance): the read-only notice above it. */
export function SettingsFormSection({ failureMessage, children }: SettingsFormSectionProps) {
  const canManage = useCanManageSettings();
  return (
    <SettingsGate failureMessage={failureMessage}>
      {(current) => (
        <Stack gap="lg">
          {canManage ? null : <ReadOnlyNotice />}
          {children(current, !canManage)}
        </Stack>
      )}
    </SettingsGate>
  );
}

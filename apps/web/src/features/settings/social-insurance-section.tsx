import { Stack } from '@mantine/core';
import { SectionLoader } from '../../components/section-loader.tsx';
import { useCanManageSettings } from '../../lib/permissions.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { useSettings } from './api/get-settings.ts';
import { LoadFailed } from './load-failed.tsx';
import { ReadOnlyNotice } from './read-only-notice.tsx';
import { SettingsPanel } from './settings-panel.tsx';
import { SocialInsuranceForm } from './social-insurance-form.tsx';

/** Settings → Social Insurance: who pays and how much of the gross salary. */
export default function SocialInsuranceSection() {
  const settings = useSettings();
  const canManage = useCanManageSettings();
  useLoadErrorToast(settings, 'Failed to fetch settings');

  if (!settings.data) {
    return settings.isError ? (
      <LoadFailed onRetry={() => settings.refetch()} retrying={settings.isFetching} />
    ) : (
      <SectionLoader />
    );
  }
  return (
    <Stack gap="lg">
      {canManage ? null : <ReadOnlyNotice />}
      <SettingsPanel
        title="Social Insurance"
        description="A percentage of the gross salary, split between the company and the employee."
      >
        <SocialInsuranceForm key={settings.data.version} current={settings.data} readOnly={!canManage} />
      </SettingsPanel>
    </Stack>
  );
}

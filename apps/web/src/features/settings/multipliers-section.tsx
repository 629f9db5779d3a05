import { Stack } from '@mantine/core';
import { SectionLoader } from '../../components/section-loader.tsx';
import { useCanManageSettings } from '../../lib/permissions.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { useSettings } from './api/get-settings.ts';
import { LoadFailed } from './load-failed.tsx';
import { MultipliersEditor } from './multipliers-editor.tsx';
import { ReadOnlyNotice } from './read-only-notice.tsx';

/** Settings → Salary Multipliers: six base multipliers and custom ones, saved together. */
export default function MultipliersSection() {
  const settings = useSettings();
  const canManage = useCanManageSettings();
  useLoadErrorToast(settings, 'Failed to fetch multipliers');

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
      <MultipliersEditor key={settings.data.version} current={settings.data} readOnly={!canManage} />
    </Stack>
  );
}

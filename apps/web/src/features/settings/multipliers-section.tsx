import { Stack } from '@mantine/core';
import { useCanManageSettings } from '../../lib/permissions.ts';
import { MultipliersEditor } from './multipliers-editor.tsx';
import { ReadOnlyNotice } from './read-only-notice.tsx';
import { SettingsGate } from './settings-gate.tsx';

/** Settings → Salary Multipliers: six base multipliers and custom ones, saved together. */
export default function MultipliersSection() {
  const canManage = useCanManageSettings();
  return (
    <SettingsGate failureMessage="Failed to fetch multipliers">
      {(current) => (
        <Stack gap="lg">
          {canManage ? null : <ReadOnlyNotice />}
          <MultipliersEditor key={current.version} current={current} readOnly={!canManage} />
        </Stack>
      )}
    </SettingsGate>
  );
}

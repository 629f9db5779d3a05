import { Stack } from '@mantine/core';
import { useCanManageSettings } from '../../lib/permissions.ts';
import { ReadOnlyNotice } from './read-only-notice.tsx';
import { SettingsGate } from './settings-gate.tsx';
import { SettingsPanel } from './settings-panel.tsx';
import { SocialInsuranceForm } from './social-insurance-form.tsx';

/** Settings → Social Insurance: who pays and how much of the gross salary. */
export default function SocialInsuranceSection() {
  const canManage = useCanManageSettings();
  return (
    <SettingsGate failureMessage="Failed to fetch settings">
      {(current) => (
        <Stack gap="lg">
          {canManage ? null : <ReadOnlyNotice />}
          <SettingsPanel
            title="Social Insurance"
            description="A percentage of the gross salary, split between the company and the employee."
          >
            <SocialInsuranceForm key={current.version} current={current} readOnly={!canManage} />
          </SettingsPanel>
        </Stack>
      )}
    </SettingsGate>
  );
}

import { Stack, Text } from '@mantine/core';
import type { Benefit, Settings } from '@salary/shared/settings/settings.contract';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-error.ts';
import { useCanManageSettings } from '../../lib/permissions.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useSettingsImpactPreview, useSettingsSaving, useUpdateSettings } from './api/update-settings.ts';
import { BenefitForm } from './benefit-form.tsx';
import { BenefitList } from './benefit-list.tsx';
import { ReadOnlyNotice } from './read-only-notice.tsx';
import { toUpdateBody } from './settings-body.ts';
import { SettingsGate } from './settings-gate.tsx';
import { SettingsPanel } from './settings-panel.tsx';

function Benefits({ current }: { current: Settings }) {
  const toast = useToast();
  const canManage = useCanManageSettings();
  const save = useUpdateSettings();
  const busy = useSettingsSaving();
  const [removing, setRemoving] = useState<string | null>(null);
  const impact = useSettingsImpactPreview();

  const remove = async (benefit: Benefit) => {
    setRemoving(benefit.name);
    try {
      const body = toUpdateBody(current, {
        benefits: current.benefits.filter((b) => b.name !== benefit.name),
      });
      if (!(await impact.confirm({ method: 'PUT', path: '/settings', body }))) return;
      await save.mutateAsync(body);
      toast.success('Benefit removed successfully');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to remove benefit'));
    } finally {
      setRemoving(null);
    }
  };

  const count = current.benefits.length;
  return (
    <Stack gap="lg">
      {canManage ? (
        <SettingsPanel
          title="Add Benefit"
          description="Benefits are a cost to the company, not pay. A percentage benefit costs that percent of the gross salary."
        >
          <BenefitForm current={current} />
        </SettingsPanel>
      ) : (
        <ReadOnlyNotice />
      )}
      <SettingsPanel
        title="Current Benefits"
        aside={
          <Text c="dimmed" size="sm">
            {count === 1 ? '1 benefit' : `${count} benefits`}
          </Text>
        }
      >
        <BenefitList
          benefits={current.benefits}
          onRemove={canManage ? remove : undefined}
          removing={removing}
          busy={busy}
        />
      </SettingsPanel>
      {impact.dialog}
    </Stack>
  );
}

/** Settings → Benefits: each add or remove saves the whole settings record straight away. */
export default function BenefitsSection() {
  return (
    <SettingsGate failureMessage="Failed to fetch settings">
      {(current) => <Benefits current={current} />}
    </SettingsGate>
  );
}

import { Box, Stack, Text } from '@mantine/core';
import type { Benefit, Settings } from '@salary/shared/settings/settings.contract';
import { useState } from 'react';
import { EffectiveFrom } from '../../components/effective-from.tsx';
import { useCanManageSettings } from '../../lib/permissions.ts';
import { useSettingsSaving } from './api/update-settings.ts';
import { BenefitForm } from './benefit-form.tsx';
import { BenefitList } from './benefit-list.tsx';
import { PendingSettingsChanges } from './pending-settings-changes.tsx';
import { ReadOnlyNotice } from './read-only-notice.tsx';
import { SettingsGate } from './settings-gate.tsx';
import { SettingsPanel } from './settings-panel.tsx';
import { useSettingsSave } from './use-settings-save.ts';

const PENDING_FIELDS = ['benefits'];

function Benefits({ current }: { current: Settings }) {
  const canManage = useCanManageSettings();
  const settings = useSettingsSave(current);
  const busy = useSettingsSaving();
  const [removing, setRemoving] = useState<string | null>(null);
  // Adds and removes alike: null until "change" is opened; a save then names the day (empty: today).
  const [effectiveFrom, setEffectiveFrom] = useState<string | null>(null);
  const day = effectiveFrom || undefined;

  const remove = async (benefit: Benefit) => {
    setRemoving(benefit.name);
    const saved = await settings.save(
      { benefits: current.benefits.filter((b) => b.name !== benefit.name) },
      { saved: 'Benefit removed successfully', failed: 'Failed to remove benefit' },
      day,
    );
    if (saved) setEffectiveFrom(null);
    setRemoving(null);
  };

  const count = current.benefits.length;
  return (
    <Stack gap="lg">
      {canManage ? (
        <SettingsPanel
          title="Add Benefit"
          description="Benefits are a cost to the company, not pay. A percentage benefit costs that percent of the gross salary."
        >
          <BenefitForm current={current} effectiveFrom={day} onSaved={() => setEffectiveFrom(null)} />
          <Box mt="md">
            <EffectiveFrom value={effectiveFrom} onChange={setEffectiveFrom} />
          </Box>
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
        <Stack gap="md">
          <PendingSettingsChanges fields={PENDING_FIELDS} current={current} />
          <BenefitList
            benefits={current.benefits}
            onRemove={canManage ? remove : undefined}
            removing={removing}
            busy={busy}
          />
        </Stack>
      </SettingsPanel>
      {settings.dialog}
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

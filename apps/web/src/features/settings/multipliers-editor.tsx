import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Grid, Stack } from '@mantine/core';
import {
  BASE_MULTIPLIERS,
  type CustomMultiplier,
  type Settings,
} from '@salary/shared/settings/settings.contract';
import { IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EffectiveFrom } from '../../components/effective-from.tsx';
import { SaveBar, UnsavedChangesGuard } from '../../components/unsaved-changes.tsx';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { BaseMultiplierFields } from './base-multiplier-fields.tsx';
import { CustomMultiplierList } from './custom-multiplier-list.tsx';
import { CustomMultiplierModal, type CustomMultiplierValues } from './custom-multiplier-modal.tsx';
import { HowMultipliersWork } from './how-multipliers-work.tsx';
import { upsertCustomMultiplier } from './multiplier-values.ts';
import {
  customMultipliersChanged,
  MULTIPLIER_FIELDS,
  type MultipliersFormOutput,
  type MultipliersFormValues,
  multipliersForm,
  multipliersFormValues,
} from './multipliers-form.ts';
import { PendingSettingsChanges } from './pending-settings-changes.tsx';
import { SettingsPanel } from './settings-panel.tsx';
import { useSettingsSave } from './use-settings-save.ts';

/** The fields this screen saves: their waiting changes show above Save All Changes. */
const PENDING_FIELDS = [...BASE_MULTIPLIERS.flatMap((m) => [m.key, m.typeKey]), 'customMultipliers'];

type ModalState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; multiplier: CustomMultiplier };

interface MultipliersEditorProps {
  current: Settings;
  readOnly: boolean;
}

/**
 * Everything here is edited locally and sent in one Save All Changes. Mount it keyed by
 * the record's version: a save or a reload after a stale save starts it afresh from the server.
 */
export function MultipliersEditor({ current, readOnly }: MultipliersEditorProps) {
  const settings = useSettingsSave(current);
  const form = useForm<MultipliersFormValues, unknown, MultipliersFormOutput>({
    resolver: zodResolver(multipliersForm),
    defaultValues: multipliersFormValues(current),
    // A value out of range is said as it is typed, not only on Save All Changes.
    mode: 'onChange',
  });
  const [customMultipliers, setCustomMultipliers] = useState(current.customMultipliers);
  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });
  const [pendingDelete, setPendingDelete] = useState<CustomMultiplier | null>(null);
  // null until "change" is opened; the save then names the day (empty: today).
  const [effectiveFrom, setEffectiveFrom] = useState<string | null>(null);
  const day = effectiveFrom || undefined;
  const unsaved =
    form.formState.isDirty || customMultipliersChanged(current.customMultipliers, customMultipliers);

  const submitModal = (values: CustomMultiplierValues) => {
    const id = modal.mode === 'edit' ? modal.multiplier.id : null;
    setCustomMultipliers(upsertCustomMultiplier(customMultipliers, values, id));
    setModal({ mode: 'closed' });
  };

  const confirmDelete = () => {
    if (pendingDelete) setCustomMultipliers(customMultipliers.filter((m) => m.id !== pendingDelete.id));
    setPendingDelete(null);
  };

  // Cancel on the impact preview keeps every unsaved edit.
  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await settings.save(
      { ...values, customMultipliers },
      {
        saved: 'Multipliers saved successfully',
        failed: 'Failed to save multipliers',
        onFailed: (error) => applyServerFieldErrors(error, form.setError, MULTIPLIER_FIELDS),
      },
      day,
    );
    if (saved) setEffectiveFrom(null);
    if (saved === 'scheduled') {
      // Today's record stands: the screen goes back to it; the change waits below.
      form.reset(multipliersFormValues(current));
      setCustomMultipliers(current.customMultipliers);
    }
  });

  const onPreview = form.handleSubmit((values) =>
    settings.preview(
      { ...values, customMultipliers },
      { onFailed: (error) => applyServerFieldErrors(error, form.setError, MULTIPLIER_FIELDS) },
      day,
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Salary multipliers">
      {readOnly ? null : <UnsavedChangesGuard when={unsaved} />}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <SettingsPanel
              title="Base Multipliers"
              description="A percentage adds that percent of the adjusted salary; a fixed amount adds that much money."
            >
              <BaseMultiplierFields form={form} readOnly={readOnly} />
            </SettingsPanel>
            <SettingsPanel
              title="Custom Multipliers"
              description="Extra multipliers an employee or a calculation can opt into."
              aside={
                readOnly ? null : (
                  <Button
                    variant="light"
                    leftSection={<IconPlus size={16} />}
                    onClick={() => setModal({ mode: 'add' })}
                  >
                    Add Custom Multiplier
                  </Button>
                )
              }
            >
              <CustomMultiplierList
                multipliers={customMultipliers}
                onEdit={readOnly ? undefined : (multiplier) => setModal({ mode: 'edit', multiplier })}
                onDelete={readOnly ? undefined : setPendingDelete}
              />
            </SettingsPanel>
            <PendingSettingsChanges fields={PENDING_FIELDS} current={current} />
            {readOnly ? null : <EffectiveFrom value={effectiveFrom} onChange={setEffectiveFrom} />}
            {readOnly ? null : (
              <SaveBar dirty={unsaved}>
                <Button variant="default" onClick={onPreview} disabled={settings.isPending}>
                  Preview impact
                </Button>
                <Button
                  type="submit"
                  leftSection={<IconDeviceFloppy size={16} />}
                  loading={settings.isPending}
                >
                  Save All Changes
                </Button>
              </SaveBar>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <HowMultipliersWork />
        </Grid.Col>
      </Grid>
      <CustomMultiplierModal
        opened={modal.mode !== 'closed'}
        editing={modal.mode === 'edit' ? modal.multiplier : null}
        onSubmit={submitModal}
        onClose={() => setModal({ mode: 'closed' })}
      />
      <ConfirmDialog
        opened={pendingDelete !== null}
        item={pendingDelete?.title}
        title="Delete custom multiplier"
        message="Are you sure you want to delete this custom multiplier?"
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
      />
      {settings.dialog}
    </form>
  );
}

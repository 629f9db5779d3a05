import {
  type Settings,
  settingsSchema,
  type UpdateSettingsBody,
} from '@salary/shared/settings/settings.contract';
import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ImpactPreview,
  useImpactPreview,
} from '../../../components/impact-preview/use-impact-preview.tsx';
import { apiClient } from '../../../lib/api-client.ts';
import { type DatedWrite, effectiveFromQuery } from '../../../lib/dated/effective-day.ts';
import { scheduledChangesQueryKey } from '../../../lib/dated/scheduled-changes.ts';
import { settingsQueryKey } from '../../../lib/salary-rules/get-settings.ts';

const updateSettingsMutationKey = ['settings', 'update'] as const;

export type SettingsUpdate = DatedWrite<UpdateSettingsBody>;

/**
 * PUT /settings: the WHOLE record plus the `version` it was read at (409 STALE_VERSION if older).
 * A day to come schedules it: the answer is still today's record.
 */
export async function updateSettings({ body, effectiveFrom }: SettingsUpdate): Promise<Settings> {
  const envelope = await apiClient.put<unknown>('/settings', body, effectiveFromQuery(effectiveFrom));
  return settingsSchema.parse(envelope.data);
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateSettingsMutationKey,
    mutationFn: updateSettings,
    // The answer is the saved record with its new version: no second round trip needed.
    // The scheduled changes reload too: a dated save lists its change there and under the form.
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsQueryKey, saved);
      return queryClient.invalidateQueries({ queryKey: scheduledChangesQueryKey });
    },
    // After any failure the screen may hold an outdated record (a stale version above all):
    // reload it so the next save starts from what the server has.
    onError: () => queryClient.invalidateQueries({ queryKey: settingsQueryKey }),
  });
}

/**
 * True while any settings save runs. Every save sends the version it read, so a second one
 * started before the first answers would be refused as stale: screens hold their buttons.
 */
export function useSettingsSaving(): boolean {
  return useIsMutating({ mutationKey: updateSettingsMutationKey }) > 0;
}

/**
 * The impact preview before a settings save. A refused preview (a stale version above all)
 * reloads the record, as a refused save does, so the next try starts from what the server has.
 */
export function useSettingsImpactPreview(): ImpactPreview {
  const queryClient = useQueryClient();
  return useImpactPreview({ onRefused: () => queryClient.invalidateQueries({ queryKey: settingsQueryKey }) });
}

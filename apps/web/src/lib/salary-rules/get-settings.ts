import {
  type Settings,
  type SettingsRead,
  settingsReadSchema,
} from '@salary/shared/settings/settings.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client.ts';

// The single settings record: the Settings sections edit it, the calculator prices with it and
// the employee form lists its custom multipliers — one cache entry, so a save shows everywhere.
export const settingsQueryKey = ['settings'] as const;

/**
 * GET /settings: the whole record, or — for users who may not read the money rules — names and
 * types only (`settingsReadSchema`). Screens that need the values narrow with `hasValues`.
 */
export async function getSettings(signal?: AbortSignal): Promise<SettingsRead> {
  return settingsReadSchema.parse((await apiClient.get<unknown>('/settings', { signal })).data);
}

export function settingsQueryOptions() {
  // Read on every entry: someone else may have saved in between.
  return queryOptions({
    queryKey: settingsQueryKey,
    queryFn: ({ signal }) => getSettings(signal),
    staleTime: 0,
  });
}

export function hasValues(settings: SettingsRead): settings is Settings {
  return 'experienceMultiplier' in settings;
}

function requireValues(settings: SettingsRead): Settings {
  if (!hasValues(settings)) throw new Error('The settings came without their values');
  return settings;
}

/** Either shape: enough for names and types (the employee form's custom multipliers). */
export function useSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...settingsQueryOptions(), enabled });
}

/**
 * For screens that show or send the values (Settings sections, calculator): an answer without
 * them is a failed load, as a malformed one would be.
 */
export function useSettingsValues({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...settingsQueryOptions(), enabled, select: requireValues });
}

import { type SettingsRead, settingsReadSchema } from '@salary/shared/settings/settings.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export const settingsQueryKey = ['settings'] as const;

/**
 * GET /settings: the employee form offers the stored custom multipliers as checkboxes. Users
 * who may not read the money rules get titles without values.
 */
export async function getSettings(signal?: AbortSignal): Promise<SettingsRead> {
  const envelope = await apiClient.get<unknown>('/settings', { signal });
  return settingsReadSchema.parse(envelope.data);
}

export function settingsQueryOptions() {
  return queryOptions({ queryKey: settingsQueryKey, queryFn: ({ signal }) => getSettings(signal) });
}

export function useSettings() {
  return useQuery(settingsQueryOptions());
}

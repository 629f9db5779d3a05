import { type Settings, settingsSchema } from '@salary/shared/settings/settings.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export const settingsQueryKey = ['settings'] as const;

/** GET /settings: the employee form offers the stored custom multipliers as checkboxes. */
export async function getSettings(signal?: AbortSignal): Promise<Settings> {
  const envelope = await apiClient.get<unknown>('/settings', { signal });
  return settingsSchema.parse(envelope.data);
}

export function settingsQueryOptions() {
  return queryOptions({ queryKey: settingsQueryKey, queryFn: ({ signal }) => getSettings(signal) });
}

export function useSettings() {
  return useQuery(settingsQueryOptions());
}

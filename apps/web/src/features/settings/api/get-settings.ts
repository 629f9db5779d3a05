import { type Settings, settingsSchema } from '@salary/shared/settings/settings.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** The single settings record; every section reads it and every save replaces it. */
export const settingsQueryKey = ['settings'] as const;

/** GET /settings (any signed-in user). */
export async function getSettings(signal?: AbortSignal): Promise<Settings> {
  const envelope = await apiClient.get<unknown>('/settings', { signal });
  return settingsSchema.parse(envelope.data);
}

export function settingsQueryOptions() {
  // Each section reloads on entry (spec §4): someone else may have saved in between.
  return queryOptions({
    queryKey: settingsQueryKey,
    queryFn: ({ signal }) => getSettings(signal),
    staleTime: 0,
  });
}

export function useSettings() {
  return useQuery(settingsQueryOptions());
}

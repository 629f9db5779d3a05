import { type Settings, settingsSchema } from '@salary/shared/settings/settings.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /settings: the stored benefits and custom multipliers the form offers as checkboxes. */
export async function getSettings(signal?: AbortSignal): Promise<Settings> {
  const envelope = await apiClient.get<unknown>('/settings', { signal });
  return settingsSchema.parse(envelope.data);
}

export function settingsQueryOptions() {
  return queryOptions({
    queryKey: ['calculator', 'settings'] as const,
    queryFn: ({ signal }) => getSettings(signal),
    staleTime: 0,
  });
}

/** Only users who may calculate read the values the form needs (the server keeps them from others). */
export function useSettings(enabled: boolean) {
  return useQuery({ ...settingsQueryOptions(), enabled });
}

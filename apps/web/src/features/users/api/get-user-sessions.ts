import { type Session, sessionListData } from '@salary/shared/auth/auth.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export const userSessionsQueryKey = (id: number) => ['users', id, 'sessions'] as const;

/** GET /auth/users/:id/sessions (admin only): the user's live sessions. */
export async function getUserSessions(id: number, signal?: AbortSignal): Promise<Session[]> {
  const envelope = await apiClient.get<unknown>(`/auth/users/${id}/sessions`, { signal });
  return sessionListData.parse(envelope.data).sessions;
}

export function userSessionsQueryOptions(id: number) {
  return queryOptions({
    queryKey: userSessionsQueryKey(id),
    queryFn: ({ signal }) => getUserSessions(id, signal),
  });
}

export function useUserSessions(id: number) {
  return useQuery(userSessionsQueryOptions(id));
}

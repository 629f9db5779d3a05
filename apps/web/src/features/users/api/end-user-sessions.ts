import type { EndedSessionsData } from '@salary/shared/auth/auth.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { userSessionsQueryKey } from './get-user-sessions.ts';

/** DELETE /auth/users/:id/sessions: signs the user out everywhere. */
export async function endUserSessions(id: number): Promise<void> {
  await apiClient.delete<EndedSessionsData>(`/auth/users/${id}/sessions`);
}

export function useEndUserSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endUserSessions,
    onSuccess: (_data, id) => queryClient.invalidateQueries({ queryKey: userSessionsQueryKey(id) }),
  });
}

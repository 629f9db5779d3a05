import type { ChangePasswordBody, SessionData } from '@salary/shared/auth/auth.contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { parseSessionEnvelope } from '../../../lib/auth/session.ts';

/** POST /auth/change-password. The answer's token replaces ours: the server revokes the old one. */
export async function changePassword(body: ChangePasswordBody): Promise<SessionData> {
  return parseSessionEnvelope(await apiClient.post<SessionData>('/auth/change-password', body));
}

export function useChangePassword() {
  const { replaceSession } = useAuth();
  return useMutation({ mutationFn: changePassword, onSuccess: replaceSession });
}

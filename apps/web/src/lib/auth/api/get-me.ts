import type { SessionData } from '@salary/shared/auth/auth.contract';
import { apiClient } from '../../api-client.ts';
import { parseSessionEnvelope } from '../session.ts';

/** GET /auth/me: who the stored token belongs to, with a fresh token (session check). */
export async function getMe(signal?: AbortSignal): Promise<SessionData> {
  return parseSessionEnvelope(await apiClient.get<SessionData>('/auth/me', { signal }));
}

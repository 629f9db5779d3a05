import type { LoginBody, SessionData } from '@salary/shared/auth/auth.contract';
import { apiClient } from '../../api-client.ts';
import { parseSessionEnvelope } from '../session.ts';

/** POST /auth/login. Only the auth provider calls this: it is the one place that stores the token. */
export async function login(body: LoginBody): Promise<SessionData> {
  return parseSessionEnvelope(await apiClient.post<SessionData>('/auth/login', body));
}

import type { SessionData } from '@salary/shared/auth/auth.contract';
import { apiClient } from '../../api-client.ts';
import { parseSessionEnvelope } from '../session.ts';

/**
 * POST /auth/oidc/session: the sign-in single sign-on prepared, carried by an HttpOnly cookie
 * the server set on its redirect here (the token never appears in a URL). Works once.
 */
export async function collectSsoSession(): Promise<SessionData> {
  return parseSessionEnvelope(await apiClient.post<SessionData>('/auth/oidc/session', {}));
}

import { apiClient } from '../../api-client.ts';

/** POST /auth/logout: ends this session on the server, so a copy of the token stops working. */
export async function logout(): Promise<void> {
  await apiClient.post<null>('/auth/logout');
}

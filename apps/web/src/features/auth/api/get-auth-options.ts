import { type AuthOptions, authOptionsSchema } from '@salary/shared/oidc/oidc.contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** What a server that cannot say offers: the spec's email and password form. */
export const PASSWORD_ONLY: AuthOptions = { sso: false, passwordLogin: true };

/** GET /auth/options (public): is single sign-on on, may everyone use a password. */
export async function getAuthOptions(signal?: AbortSignal): Promise<AuthOptions> {
  const parsed = authOptionsSchema.safeParse(
    (await apiClient.get<unknown>('/auth/options', { signal })).data,
  );
  return parsed.success ? parsed.data : PASSWORD_ONLY;
}

/** Asked once per page load; a failure falls back to the password form (the server decides anyway). */
export function useAuthOptions() {
  return useQuery({
    queryKey: ['auth-options'],
    queryFn: ({ signal }) => getAuthOptions(signal).catch(() => PASSWORD_ONLY),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

import type { User } from '@salary/shared/auth/auth.contract';
import { userListData } from '@salary/shared/users/users.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** Every users call shares this key: writes invalidate it so the list reloads. */
export const usersQueryKey = ['users'] as const;

/** GET /auth/users (admin only). */
export async function getUsers(signal?: AbortSignal): Promise<User[]> {
  const envelope = await apiClient.get<unknown>('/auth/users', { signal });
  return userListData.parse(envelope.data).users;
}

export function usersQueryOptions() {
  return queryOptions({ queryKey: usersQueryKey, queryFn: ({ signal }) => getUsers(signal) });
}

export function useUsers(options: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQueryOptions(), enabled: options.enabled ?? true });
}

import type { User } from '@salary/shared/auth/auth.contract';
import type { CreateUserBody } from '@salary/shared/users/users.contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { usersQueryKey } from './get-users.ts';

/** POST /auth/users: email, name, password, permissions. */
export async function createUser(body: CreateUserBody): Promise<User> {
  return (await apiClient.post<User>('/auth/users', body)).data;
}

export function useCreateUser() {
  return useInvalidatingMutation(createUser, [usersQueryKey]);
}

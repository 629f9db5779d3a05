import type { User } from '@salary/shared/auth/auth.contract';
import type { UpdateUserBody } from '@salary/shared/users/users.contract';
import { apiClient } from '../../../lib/api-client.ts';
import type { UpdateRequest } from '../../../lib/update-request.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { usersQueryKey } from './get-users.ts';

/** PUT /auth/users/:id: only name and permissions change (spec §6). */
export async function updateUser({ id, body }: UpdateRequest<UpdateUserBody>): Promise<User> {
  return (await apiClient.put<User>(`/auth/users/${id}`, body)).data;
}

export function useUpdateUser() {
  return useInvalidatingMutation(updateUser, [usersQueryKey]);
}

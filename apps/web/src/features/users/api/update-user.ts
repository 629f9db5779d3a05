import type { User } from '@salary/shared/auth/auth.contract';
import type { UpdateUserBody } from '@salary/shared/users/users.contract';
import { putById } from '../../../lib/update-request.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { usersQueryKey } from './get-users.ts';

/** PUT /auth/users/:id: only name and permissions change. */
export const updateUser = putById<UpdateUserBody, User>('/auth/users');

export function useUpdateUser() {
  return useInvalidatingMutation(updateUser, [usersQueryKey]);
}

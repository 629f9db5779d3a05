import { apiClient } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { usersQueryKey } from './get-users.ts';

/** DELETE /auth/users/:id. */
export async function deleteUser(id: number): Promise<void> {
  await apiClient.delete<null>(`/auth/users/${id}`);
}

export function useDeleteUser() {
  return useInvalidatingMutation(deleteUser, [usersQueryKey]);
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { usersQueryKey } from './get-users.ts';

/** DELETE /auth/users/:id. */
export async function deleteUser(id: number): Promise<void> {
  await apiClient.delete<null>(`/auth/users/${id}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}

import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../api-client.ts';
import type { GradeOrderPair } from './list-order.ts';

/**
 * POST /<list>/reorder of a list with an order of its own (grades, levels): every {id, order}
 * pair at once, under the body's `field`; the server applies all or none.
 */
export function useReorderList<Row>(list: 'grades' | 'levels', queryKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (pairs: GradeOrderPair[]) =>
      (await apiClient.post<Row[]>(`/${list}/reorder`, { [list]: pairs })).data,
    // Reload even after a failure: another tab may have changed the orders under us.
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

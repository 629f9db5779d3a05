import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A write that reloads the lists it changes: after a success every query under each of
 * `queryKeys` is invalidated, and the mutation settles only once they are marked stale and the
 * active ones have been asked for again — so a screen that closes its form on success shows the
 * new rows. Each endpoint file keeps its fetcher and names the keys its write touches.
 */
export function useInvalidatingMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  queryKeys: readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-error.ts';

/**
 * One retry for a lost connection; an answer from the server (400, 403, 404, 409…) is final.
 * No refetch on focus: screens reload after their own writes, as the spec describes.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          failureCount < 1 && !(isApiError(error) && error.status !== undefined && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}

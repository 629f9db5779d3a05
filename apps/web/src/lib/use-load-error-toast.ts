import { useEffect } from 'react';
import { errorMessage } from './api-error.ts';
import { useToast } from './toast/toast-context.ts';

/**
 * Toasts a failed load once per failure (pass the query's `error`): the server's message when
 * it sent one, else the screen's `fallback`.
 */
export function useLoadErrorToast(error: unknown, fallback: string): void {
  const toast = useToast();
  useEffect(() => {
    if (error) toast.error(errorMessage(error, fallback));
  }, [error, fallback, toast]);
}

import { useEffect } from 'react';
import { errorMessage } from '../../lib/api-error.ts';
import { useToast } from '../../lib/toast/toast-context.ts';

/** Toasts a failed load once per failure: the server's message when it sent one, else `fallback`. */
export function useErrorToast(error: unknown, fallback: string): void {
  const toast = useToast();
  useEffect(() => {
    if (error) toast.error(errorMessage(error, fallback));
  }, [error, fallback, toast]);
}

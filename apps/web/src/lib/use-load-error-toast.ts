import { useEffect } from 'react';
import { errorMessage } from './api-error.ts';
import { useToast } from './toast/toast-context.ts';

/** Toasts a failed load once per failure: the server's message, else the section's fallback. */
export function useLoadErrorToast(query: { isError: boolean; error: unknown }, fallback: string) {
  const toast = useToast();
  const { isError, error } = query;
  useEffect(() => {
    if (isError) toast.error(errorMessage(error, fallback));
  }, [isError, error, fallback, toast]);
}

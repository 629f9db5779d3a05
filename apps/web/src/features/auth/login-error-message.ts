import { isApiError } from '../../lib/api-error.ts';

/** Login toast: the server's message, 'Unable to connect to server' offline, else 'Login failed'. */
export function loginErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.isNetworkError) return 'Unable to connect to server';
    if (error.fromServer) return error.message;
  }
  return 'Login failed';
}

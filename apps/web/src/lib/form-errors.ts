import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage, isApiError } from './api-error.ts';
import { useToast } from './toast/toast-context.ts';

/**
 * Puts the server's per-field problems (400 data.fields) under the matching inputs. Answers
 * whether any landed, so the caller can still toast when the problem was not about a field.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  knownFields: readonly string[],
): boolean {
  if (!isApiError(error)) return false;
  let applied = false;
  for (const problem of error.fields) {
    if (!knownFields.includes(problem.field)) continue;
    setError(problem.field as Path<T>, { type: 'server', message: problem.message });
    applied = true;
  }
  return applied;
}

/**
 * A form's save through the server: `save` runs and `saved` (if any) is toasted; a refusal puts
 * the server's field problems under their inputs and toasts its reason, else `failed`. Answers
 * whether it saved, so the form can close, or reload what it edits after a refusal.
 */
export function useServerSubmit<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly string[],
) {
  const toast = useToast();
  return async (
    save: () => Promise<unknown>,
    texts: { saved?: string; failed: string },
  ): Promise<boolean> => {
    try {
      await save();
      if (texts.saved) toast.success(texts.saved);
      return true;
    } catch (error) {
      applyServerFieldErrors(error, setError, fields);
      toast.error(errorMessage(error, texts.failed));
      return false;
    }
  };
}

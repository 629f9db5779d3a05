import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-error.ts';

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

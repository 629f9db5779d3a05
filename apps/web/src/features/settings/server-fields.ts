import type { FieldProblem } from '@salary/shared/common/envelope';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../lib/api-error.ts';

/**
 * Puts the server's problems about one item of a saved list (e.g. `benefits.4.amount`) under the
 * form's own inputs (`amount`): the form edits one item, the server validates the whole record.
 */
export function applyItemFieldErrors<T extends FieldValues>(
  error: unknown,
  prefix: string,
  setError: UseFormSetError<T>,
  knownFields: readonly string[],
): boolean {
  if (!isApiError(error)) return false;
  const problems: FieldProblem[] = error.fields
    .filter((problem) => problem.field.startsWith(prefix))
    .map((problem) => ({ ...problem, field: problem.field.slice(prefix.length) }));
  let applied = false;
  for (const problem of problems) {
    if (!knownFields.includes(problem.field)) continue;
    setError(problem.field as Path<T>, { type: 'server', message: problem.message });
    applied = true;
  }
  return applied;
}

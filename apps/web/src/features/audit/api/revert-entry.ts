import type { EntryRevertResult } from '@salary/shared/audit/entry-revert.contract';
import type { ImportRevertResult } from '@salary/shared/audit/import-revert.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/**
 * POST /audit/:id/revert: restores the employee a delete removed, puts back an edit's or a
 * rule's values (EntryRevertResult), or undoes an import (admin; ImportRevertResult).
 */
export async function revertEntry<T extends EntryRevertResult | ImportRevertResult = EntryRevertResult>(
  entryId: number,
): Promise<T> {
  return (await apiClient.post<T>(`/audit/${entryId}/revert`)).data;
}

/** Reloads the log (the revert's own entry) and every list the revert may have changed. */
export function useRevertEntry<T extends EntryRevertResult | ImportRevertResult = EntryRevertResult>() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: number) => revertEntry<T>(entryId),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

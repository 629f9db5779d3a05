import type { EntryRevertResult } from '@salary/shared/audit/entry-revert.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /audit/:id/revert: restores the employee a delete removed, or puts back an edit's or a rule's values. */
export async function revertEntry(entryId: number): Promise<EntryRevertResult> {
  return (await apiClient.post<EntryRevertResult>(`/audit/${entryId}/revert`)).data;
}

/** Reloads the log (the revert's own entry) and every list the revert may have changed. */
export function useRevertEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revertEntry,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

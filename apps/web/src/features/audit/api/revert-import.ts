import type { ImportRevertResult } from '@salary/shared/audit/import-revert.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /audit/:id/revert (admin): undoes the import whose audit entry this is. */
export async function revertImport(entryId: number): Promise<ImportRevertResult> {
  return (await apiClient.post<ImportRevertResult>(`/audit/${entryId}/revert`)).data;
}

/** Reloads the log (the revert's own entry) and every list the revert may have changed. */
export function useRevertImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revertImport,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

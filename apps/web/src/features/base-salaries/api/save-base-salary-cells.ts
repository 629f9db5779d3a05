import type {
  BulkBaseSalariesBody,
  BulkBaseSalariesResult,
} from '@salary/shared/base-salaries/base-salaries.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { effectiveFromQuery } from '../../../lib/dated/effective-day.ts';
import { scheduledChangesQueryKey } from '../../../lib/dated/scheduled-changes.ts';
import { baseSalariesQueryKey } from './get-base-salaries.ts';

export interface BaseSalaryCellsSave {
  body: BulkBaseSalariesBody;
  /** The day the cells take effect from (`?effectiveFrom=`); absent: today. */
  effectiveFrom?: string;
}

/**
 * POST /base-salary/bulk: every changed cell of the grid in one transaction, or none. A day to
 * come schedules them: the answer's list is still today's.
 */
export async function saveBaseSalaryCells({
  body,
  effectiveFrom,
}: BaseSalaryCellsSave): Promise<BulkBaseSalariesResult> {
  return (
    await apiClient.post<BulkBaseSalariesResult>('/base-salary/bulk', body, effectiveFromQuery(effectiveFrom))
  ).data;
}

export function useSaveBaseSalaryCells() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBaseSalaryCells,
    onSuccess: (result) => {
      queryClient.setQueryData(baseSalariesQueryKey, result.baseSalaries);
      return queryClient.invalidateQueries({ queryKey: scheduledChangesQueryKey });
    },
  });
}

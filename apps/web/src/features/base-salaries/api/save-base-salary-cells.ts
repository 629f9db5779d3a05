import type {
  BulkBaseSalariesBody,
  BulkBaseSalariesResult,
} from '@salary/shared/base-salaries/base-salaries.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DatedWrite, postDated } from '../../../lib/dated/effective-day.ts';
import { scheduledChangesQueryKey } from '../../../lib/dated/scheduled-changes.ts';
import { baseSalariesQueryKey } from './get-base-salaries.ts';

export type BaseSalaryCellsSave = DatedWrite<BulkBaseSalariesBody>;

/**
 * POST /base-salary/bulk: every changed cell of the grid in one transaction, or none. A day to
 * come schedules them: the answer's list is still today's.
 */
export function saveBaseSalaryCells(write: BaseSalaryCellsSave): Promise<BulkBaseSalariesResult> {
  return postDated('/base-salary/bulk', write);
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

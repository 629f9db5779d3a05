import type {
  BulkBaseSalariesBody,
  BulkBaseSalariesResult,
} from '@salary/shared/base-salaries/base-salaries.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { baseSalariesQueryKey } from './get-base-salaries.ts';

/** POST /base-salary/bulk: every changed cell of the grid in one transaction, or none. */
export async function saveBaseSalaryCells(body: BulkBaseSalariesBody): Promise<BulkBaseSalariesResult> {
  return (await apiClient.post<BulkBaseSalariesResult>('/base-salary/bulk', body)).data;
}

export function useSaveBaseSalaryCells() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBaseSalaryCells,
    onSuccess: (result) => queryClient.setQueryData(baseSalariesQueryKey, result.baseSalaries),
  });
}

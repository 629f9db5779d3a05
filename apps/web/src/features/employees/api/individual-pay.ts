import type { AllowanceBody, AllowanceView } from '@salary/shared/employees/allowance.contract';
import type { BenefitChoiceBody, BenefitChoiceView } from '@salary/shared/employees/benefit-choice.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import type { DatedWrite } from '../../../lib/dated/effective-day.ts';
import { effectiveFromQuery } from '../../../lib/dated/effective-day.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { employeesQueryKey } from './get-employees.ts';

/** GET /employees/{id}/allowance: the individual allowance in force today (showSalary). */
export async function getAllowance(id: number, signal?: AbortSignal): Promise<AllowanceView> {
  return (await apiClient.get<AllowanceView>(`/employees/${id}/allowance`, { signal })).data;
}

export function allowanceQueryOptions(id: number) {
  // Under the employees key: any employee write reloads it with the list and the breakdown.
  return queryOptions({
    queryKey: [...employeesQueryKey, 'allowance', id] as const,
    queryFn: ({ signal }) => getAllowance(id, signal),
  });
}

export function useAllowance(id: number, enabled: boolean) {
  return useQuery({ ...allowanceQueryOptions(id), enabled });
}

/** PUT /employees/{id}/allowance, `?effectiveFrom=` only when a day was chosen. */
export async function putAllowance({
  id,
  body,
  effectiveFrom,
}: DatedWrite<AllowanceBody> & { id: number }): Promise<AllowanceView> {
  return (
    await apiClient.put<AllowanceView>(`/employees/${id}/allowance`, body, effectiveFromQuery(effectiveFrom))
  ).data;
}

export function usePutAllowance() {
  return useInvalidatingMutation(putAllowance, [employeesQueryKey]);
}

/** GET /employees/{id}/benefits: each company benefit with whether the employee receives it. */
export async function getBenefitChoice(id: number, signal?: AbortSignal): Promise<BenefitChoiceView> {
  return (await apiClient.get<BenefitChoiceView>(`/employees/${id}/benefits`, { signal })).data;
}

export function useBenefitChoice(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...employeesQueryKey, 'benefits', id] as const,
    queryFn: ({ signal }) => getBenefitChoice(id, signal),
    enabled,
  });
}

/** PUT /employees/{id}/benefits, `?effectiveFrom=` only when a day was chosen. */
export async function putBenefitChoice({
  id,
  body,
  effectiveFrom,
}: DatedWrite<BenefitChoiceBody> & { id: number }): Promise<BenefitChoiceView> {
  return (
    await apiClient.put<BenefitChoiceView>(
      `/employees/${id}/benefits`,
      body,
      effectiveFromQuery(effectiveFrom),
    )
  ).data;
}

export function usePutBenefitChoice() {
  return useInvalidatingMutation(putBenefitChoice, [employeesQueryKey]);
}

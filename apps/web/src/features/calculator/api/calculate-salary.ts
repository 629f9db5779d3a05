import type { CalculateBody, CalculationResult } from '@salary/shared/calculator/calculator.contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /calculate (needs showSalary; stores nothing). Cost figures are absent without showCost. */
export async function calculateSalary(body: CalculateBody): Promise<CalculationResult> {
  return (await apiClient.post<CalculationResult>('/calculate', body)).data;
}

export function useCalculateSalary() {
  return useMutation({ mutationFn: calculateSalary });
}

import type { SalaryDetails } from '@salary/salary-engine/salary-types';
import type { CalculateBody } from '@salary/shared/calculator/calculator.contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** What the company pays beyond the salary: absent from the answer without showCost. */
type CostKey =
  | 'totalCost'
  | 'totalBenefitsCost'
  | 'selectedBenefits'
  | 'socialInsuranceAmount'
  | 'companySocialInsurance';

export type CalculationDetails = Omit<SalaryDetails, CostKey> & Partial<Pick<SalaryDetails, CostKey>>;

/** POST /calculate `data`: the engine's result, cost figures left out for users without showCost. */
export interface CalculationResult {
  calculatedSalary: number;
  details: CalculationDetails;
  employeeSocialInsurance: number;
  companySocialInsurance?: number;
}

/** POST /calculate (needs showSalary; stores nothing). */
export async function calculateSalary(body: CalculateBody): Promise<CalculationResult> {
  return (await apiClient.post<CalculationResult>('/calculate', body)).data;
}

export function useCalculateSalary() {
  return useMutation({ mutationFn: calculateSalary });
}

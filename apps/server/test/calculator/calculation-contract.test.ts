import {
  type CalculationDetails,
  type CalculationResult,
  COST_DETAIL_KEYS,
  calculationDetailsSchema,
} from '@salary/shared/calculator/calculator.contract';
import type {
  DecimalSalaryDetails as SalaryDetails,
  DecimalSalaryResult as SalaryResult,
} from '@salary/shared/calculator/salary-decimals';
import { describe, expect, expectTypeOf, it } from 'vitest';

/*
 * The calculate answer's schema (shared, it serializes the answer and types the web) is the
 * engine's result in the API's decimals (`decimalResultOf`) with the cost keys optional. A figure the engine adds and the schema lacks
 * would be dropped from the answer without a word, so the two are held equal here.
 */
describe('the calculate answer contract', () => {
  it('is the engine result, every key present once the cost keys are', () => {
    // Each way: every engine figure fits the schema, and the schema asks for nothing more.
    expectTypeOf<SalaryDetails>().toExtend<Required<CalculationDetails>>();
    expectTypeOf<Required<CalculationDetails>>().toExtend<SalaryDetails>();
    type Answer = Omit<SalaryResult, 'details'> & { employeeSocialInsurance: number };
    expectTypeOf<Answer>().toExtend<Omit<CalculationResult, 'details' | 'companySocialInsurance'>>();
    expectTypeOf<Omit<CalculationResult, 'details' | 'companySocialInsurance'>>().toExtend<Answer>();
    expectTypeOf<keyof Required<CalculationDetails>>().toEqualTypeOf<keyof SalaryDetails>();
  });

  it('leaves out exactly the cost keys', () => {
    const optional = Object.entries(calculationDetailsSchema.shape)
      .filter(([, schema]) => schema.safeParse(undefined).success)
      .map(([key]) => key);
    expect(optional.sort()).toEqual([...COST_DETAIL_KEYS].sort());
  });
});

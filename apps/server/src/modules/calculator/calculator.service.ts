import { type CalculateInput, COST_DETAIL_KEYS } from '@salary/shared/calculator/calculator.contract';
import { type DecimalSalaryResult, decimalResultOf } from '@salary/shared/calculator/salary-decimals';
import { type Actor, can } from '@salary/shared/common/permissions';
import { requirePermission } from '../../lib/authorize.ts';
import type { PricingService } from '../pricing/pricing.service.ts';

/** The engine's result in the API's decimals, with the two insurance shares beside it. */
export type CalculatorAnswer = DecimalSalaryResult & {
  companySocialInsurance?: number;
  employeeSocialInsurance: number;
};

/**
 * A calculation reveals pay, so it needs showSalary; the company's costs (total cost,
 * benefits, its insurance share) are removed — keys absent — without showCost.
 */
function withoutCostsUnlessAllowed(actor: Actor, answer: CalculatorAnswer): CalculatorAnswer {
  if (can(actor, 'showCost')) return answer;
  const details: Partial<DecimalSalaryResult['details']> = { ...answer.details };
  for (const key of COST_DETAIL_KEYS) delete details[key];
  const { companySocialInsurance: _hidden, ...rest } = answer;
  return { ...rest, details: details as DecimalSalaryResult['details'] };
}

export function createCalculatorService(deps: { pricing: PricingService }) {
  const { pricing } = deps;
  return {
    /**
     * Needs showSalary (a calculation reveals pay); stores nothing. The stored rules are the
     * authority for base salaries, factors, the six multipliers and benefit amounts; the
     * request chooses benefits, what-if custom multipliers and whether to apply insurance,
     * and the day whose rules price it (`asOf`).
     */
    async calculate(
      actor: Actor,
      input: CalculateInput,
      context: { snapshot?: string } = {},
    ): Promise<CalculatorAnswer> {
      requirePermission(actor, 'showSalary');
      const chosen = input.benefits ?? {};
      const engineResult = await pricing.calculate(
        {
          ...input,
          // A stored benefit the request does not name counts as selected.
          benefitSelected: (name) => chosen[name] !== false,
          // The API's decimals: pricing turns them into the engine's units.
          whatIfMultipliers: (input.customMultipliers ?? [])
            .filter((m) => m.checked)
            .map((m) => ({ title: m.title, value: m.value, type: m.type })),
          applySocialInsurance: input.settings?.applySocialInsurance ?? true,
        },
        // The rules in force on `asOf` (absent: today's).
        { snapshot: context.snapshot, asOf: input.asOf },
      );
      const result = decimalResultOf(engineResult);
      return withoutCostsUnlessAllowed(actor, {
        ...result,
        companySocialInsurance: result.details.companySocialInsurance,
        employeeSocialInsurance: result.details.employeeSocialInsurance,
      });
    },
  };
}

export type CalculatorService = ReturnType<typeof createCalculatorService>;

import type { PayComponent } from '@salary/salary-engine/pay-components';
import { fromRuleUnits, type RuleUnits, toRuleUnits } from '@salary/shared/common/money';
import { ALLOWANCE_NAME, type Allowance } from '@salary/shared/employees/allowance.contract';

/*
 * An employee's individual pay as stored (docs/decisions/0030-individual-pay.md), pure: its
 * individual allowance is one of its own pay components, named "Individual allowance", with the
 * reason kept beside the engine's keys; the benefits it does not receive are names, compared
 * trimmed and case-insensitively.
 */

/** The stored component: the engine's keys and the reason. */
export type AllowanceComponent = PayComponent & { readonly reason?: string };

/** The allowance among an employee's own components, in the API's decimals (null: none). */
export function allowanceOf(components: unknown): Allowance | null {
  if (!Array.isArray(components)) return null;
  const found = (components as AllowanceComponent[]).find((c) => c.name === ALLOWANCE_NAME);
  if (!found) return null;
  return {
    type: found.type,
    value: fromRuleUnits(found.value, found.type),
    reason: found.reason ?? '',
  };
}

/** The allowance as its component: once, always, on the adjustment lines. */
export function componentOf(allowance: Allowance): AllowanceComponent {
  return {
    name: ALLOWANCE_NAME,
    type: allowance.type,
    value: toRuleUnits(allowance.value, allowance.type) as RuleUnits,
    per: 'ONCE',
    when: 'ALWAYS',
    line: 'ADJUSTMENT',
    reason: allowance.reason,
  };
}

/** The employee's components with the allowance replaced (null: removed); the others stay. */
export function withAllowance(components: unknown, allowance: Allowance | null): AllowanceComponent[] {
  const others = (Array.isArray(components) ? (components as AllowanceComponent[]) : []).filter(
    (c) => c.name !== ALLOWANCE_NAME,
  );
  return allowance ? [...others, componentOf(allowance)] : others;
}

/** A benefit's name as names are compared. */
export const benefitKey = (name: string) => name.trim().toLowerCase();

/** Whether two lists of benefits not received name the same benefits (order and case aside). */
export function sameBenefits(a: readonly string[], b: readonly string[]): boolean {
  const keys = (list: readonly string[]) => [...new Set(list.map(benefitKey))].sort().join('\u0000');
  return keys(a) === keys(b);
}

/** Whether two allowances are the same (null: none). */
export function sameAllowance(a: Allowance | null, b: Allowance | null): boolean {
  if (a === null || b === null) return a === b;
  return a.type === b.type && a.value === b.value && a.reason === b.reason;
}

import type { BaseSalary, NewBaseSalary } from '@salary/shared/base-salaries/base-salaries.contract';
import { type Cents, fromCents, toCents } from '@salary/shared/common/money';

/*
 * A base salary as the server keeps it (amount in whole cents) and as the API speaks it (amount
 * a decimal): the routes convert at the edge, and the audit records what the API shows.
 */

/** A stored base salary: the API's shape with its amount in cents. */
export type BaseSalaryRow = Omit<BaseSalary, 'amount'> & { amount: Cents };

/** What a write stores: a (grade, level) and its amount in cents. */
export interface BaseSalaryInput {
  gradeId: number;
  levelId: number;
  amount: Cents;
}

export const baseSalaryToApi = (row: BaseSalaryRow): BaseSalary => ({
  ...row,
  amount: fromCents(row.amount),
});

/** A create or update body (validated: at most two decimals) with its amount in cents. */
export const baseSalaryFromApi = <Body extends NewBaseSalary>(
  body: Body,
): Omit<Body, 'amount'> & BaseSalaryInput => ({
  ...body,
  amount: toCents(body.amount),
});

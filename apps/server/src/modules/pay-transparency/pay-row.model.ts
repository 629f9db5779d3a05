import type { PricedEmployee } from '../pricing/pricing.service.ts';
import type { PayRow } from './pay-gap.calc.ts';

/** A month's row: money in cents. */
type MonthRow = PayRow & { pay: number | null; basic: number | null };

/** A priced employee as the report reads it: pay = gross + benefits, basic = adjusted salary. */
export function payRowOf(p: PricedEmployee): MonthRow {
  const e = p.employee;
  const priced = p.calculatedSalary !== null && p.basicWage !== null;
  return {
    id: e.id,
    gender: e.gender ?? 'UNDISCLOSED',
    jobId: e.jobId,
    positionId: e.positionId,
    gradeId: e.gradeId,
    pay: priced ? p.calculatedSalary! + (p.benefits ?? 0) : null,
    basic: priced ? p.basicWage! : null,
  };
}

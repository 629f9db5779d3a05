import type { PricedEmployee } from '../pricing/pricing.service.ts';
import type { PayRow } from './pay-gap.calc.ts';

/** A month's row: money in cents. */
type MonthRow = PayRow & { pay: number | null; basic: number | null };

/** A priced employee as the report reads it: pay = gross + benefits, basic = adjusted salary. */
export function payRowOf(p: PricedEmployee): MonthRow {
  const e = p.employee;
  const pay = payOf(p);
  return {
    id: e.id,
    gender: e.gender ?? 'UNDISCLOSED',
    jobId: e.jobId,
    positionId: e.positionId,
    gradeId: e.gradeId,
    pay,
    basic: pay === null ? null : p.basicWage,
  };
}

/** Pay a month (gross + benefits), cents; null when not priced (no base salary). */
export function payOf(f: Omit<PricedEmployee, 'employee'>): number | null {
  return f.calculatedSalary !== null && f.basicWage !== null ? f.calculatedSalary + (f.benefits ?? 0) : null;
}

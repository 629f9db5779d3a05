import type { PayPeriod } from '@salary/shared/employees/dated.contract';
import { employeeDetailQuery } from './employee-detail-query.ts';

/** GET /employees/:id/pay-timeline: gross with showSalary, cost with showCost (403 with neither). */
const payTimeline = employeeDetailQuery<PayPeriod[]>('pay-timeline', (id) => `/employees/${id}/pay-timeline`);

export const getPayTimeline = payTimeline.get;
export const payTimelineQueryOptions = payTimeline.options;
export const usePayTimeline = payTimeline.useDetail;

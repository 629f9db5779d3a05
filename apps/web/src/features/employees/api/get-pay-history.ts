import type { PayHistoryRow } from '@salary/shared/audit/audit.contract';
import { employeeDetailQuery } from './employee-detail-query.ts';

/** GET /employees/:id/history: gross with showSalary, cost with showCost. */
const payHistory = employeeDetailQuery<PayHistoryRow[]>('history', (id) => `/employees/${id}/history`);

export const getPayHistory = payHistory.get;
export const payHistoryQueryOptions = payHistory.options;
export const usePayHistory = payHistory.useDetail;

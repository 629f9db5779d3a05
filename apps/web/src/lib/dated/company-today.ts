import { todayIn } from '@salary/shared/common/calendar-day';
import { companyFormat } from '../company-format.tsx';

/** The company's today (YYYY-MM-DD in its time zone): a later Effective from schedules a change. */
export const companyToday = () => todayIn(companyFormat().timeZone);

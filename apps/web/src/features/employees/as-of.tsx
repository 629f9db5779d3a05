import { Alert, Anchor, Text } from '@mantine/core';
import { isCalendarDay, todayIn } from '@salary/shared/common/calendar-day';
import { IconCalendarTime } from '@tabler/icons-react';
import { companyFormat, formatDay } from '../../lib/company-format.tsx';

/*
 * The directory's As of day: `?asOf=YYYY-MM-DD` in the address, absent for today. Another day
 * lists each employee as that day's version (GET /employees?asOf=), exports the same, and
 * offers no writes: the list shows a day, the writes change today.
 */

/** The company's today (its time zone). */
export const companyToday = () => todayIn(companyFormat().timeZone);

/** The address's As of day when it is a real day other than today; otherwise undefined (today). */
export function asOfFromParams(params: URLSearchParams, today = companyToday()): string | undefined {
  const day = params.get('asOf');
  return day !== null && isCalendarDay(day) && day !== today ? day : undefined;
}

/** `params` with the As of day (absent, today or not a day: removed), the rest kept. */
export function withAsOf(
  params: URLSearchParams,
  day: string | undefined,
  today = companyToday(),
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (day === undefined || day === today || !isCalendarDay(day)) next.delete('asOf');
  else next.set('asOf', day);
  return next;
}

/** Above the table while the directory shows another day than today. */
export function AsOfBanner({ day, onBackToToday }: { day: string; onBackToToday(): void }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      radius="md"
      icon={<IconCalendarTime size={18} aria-hidden />}
      role="status"
      data-testid="as-of-banner"
    >
      <Text size="sm">
        Showing the directory as of <strong>{formatDay(day)}</strong> —{' '}
        <Anchor component="button" type="button" size="sm" onClick={onBackToToday} fw={500}>
          Back to today
        </Anchor>
      </Text>
    </Alert>
  );
}

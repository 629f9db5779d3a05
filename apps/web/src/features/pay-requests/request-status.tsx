import { Badge } from '@mantine/core';
import { daySerial } from '@salary/shared/common/calendar-day';
import {
  PAY_REQUEST_STATUS_LABELS,
  type PayRequest,
} from '@salary/shared/pay-requests/pay-requests.contract';
import { IconAlertTriangle, IconCheck, IconClock } from '@tabler/icons-react';

const COLORS = { overdue: 'red', open: 'blue', answered: 'gray' } as const;
const ICONS = { overdue: IconAlertTriangle, open: IconClock, answered: IconCheck } as const;

/** "Overdue by 12 days", "Open: 5 days left", "Answered": said in words, the colour only repeats it. */
export function statusText(request: Pick<PayRequest, 'status' | 'dueOn'>, today: string): string {
  const days = daySerial(request.dueOn) - daySerial(today);
  const plural = (n: number) => `${n} day${n === 1 ? '' : 's'}`;
  if (request.status === 'overdue') return `Overdue by ${plural(-days)}`;
  if (request.status === 'open') return days === 0 ? 'Open: due today' : `Open: ${plural(days)} left`;
  return PAY_REQUEST_STATUS_LABELS.answered;
}

export function RequestStatus({ request, today }: { request: PayRequest; today: string }) {
  const Icon = ICONS[request.status];
  return (
    <Badge
      color={COLORS[request.status]}
      variant={request.status === 'overdue' ? 'filled' : 'light'}
      leftSection={<Icon size={12} aria-hidden />}
      tt="none"
    >
      {statusText(request, today)}
    </Badge>
  );
}

import { Group, Text } from '@mantine/core';
import { daySerial } from '@salary/shared/common/calendar-day';
import {
  PAY_REQUEST_STATUS_LABELS,
  type PayRequest,
} from '@salary/shared/pay-requests/pay-requests.contract';
import { IconAlertTriangle, IconCheck, IconClock } from '@tabler/icons-react';

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
  const overdue = request.status === 'overdue';
  return (
    <Group gap={4} wrap="nowrap" c={overdue ? 'red.9' : undefined}>
      <Icon size={16} aria-hidden />
      <Text
        size="sm"
        fw={overdue ? 700 : 400}
        c={overdue ? 'red.9' : undefined}
        style={{ whiteSpace: 'nowrap' }}
      >
        {statusText(request, today)}
      </Text>
    </Group>
  );
}

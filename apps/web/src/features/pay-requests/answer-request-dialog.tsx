import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { isCalendarDay } from '@salary/shared/common/calendar-day';
import { PAY_REQUEST_LABELS, type PayRequest } from '@salary/shared/pay-requests/pay-requests.contract';
import { useState } from 'react';
import { DialogActions } from '../../components/dialog-actions.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { formatDay } from '../../lib/company-format.tsx';
import { companyToday } from '../../lib/dated/company-today.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useUpdatePayRequest } from './api/update-pay-request.ts';

function AnswerForm({ request, onClose }: { request: PayRequest; onClose(): void }) {
  const toast = useToast();
  const update = useUpdatePayRequest();
  const [day, setDay] = useState(companyToday());
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!isCalendarDay(day)) return setError(`${PAY_REQUEST_LABELS.answeredOn} is required`);
    if (day < request.receivedOn) return setError('Answered On cannot be before Received On');
    try {
      await update.mutateAsync({
        id: request.id,
        body: {
          receivedOn: request.receivedOn,
          answeredOn: day,
          note: request.note ?? undefined,
          version: request.version,
        },
      });
      toast.success('Request marked answered');
      onClose();
    } catch (e) {
      toast.error(errorMessage(e, 'Failed to mark the request answered'));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {request.employeeName}, received {formatDay(request.receivedOn)}, due {formatDay(request.dueOn)}.
        </Text>
        <TextInput
          type="date"
          label={PAY_REQUEST_LABELS.answeredOn}
          required
          min={request.receivedOn}
          max={companyToday()}
          value={day}
          error={error}
          data-autofocus
          onChange={(event) => {
            setDay(event.currentTarget.value);
            setError(null);
          }}
        />
        <DialogActions onCancel={onClose} pending={update.isPending} submit="Mark answered" />
      </Stack>
    </form>
  );
}

/** Mark a request answered on a day (today unless changed). */
export function AnswerRequestDialog({ request, onClose }: { request: PayRequest | null; onClose(): void }) {
  return (
    <Modal opened={request !== null} onClose={onClose} title="Mark request answered" centered>
      {request ? <AnswerForm request={request} onClose={onClose} /> : null}
    </Modal>
  );
}

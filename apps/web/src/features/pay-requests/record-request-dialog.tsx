import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { isCalendarDay } from '@salary/shared/common/calendar-day';
import {
  type CreatePayRequestBody,
  createPayRequestBody,
  dueOnFor,
  NOTE_MAX,
  PAY_REQUEST_LABELS,
} from '@salary/shared/pay-requests/pay-requests.contract';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { DialogActions } from '../../components/dialog-actions.tsx';
import { FormSelect } from '../../components/form-fields.tsx';
import { FormTextInput } from '../../components/registered-inputs.tsx';
import { formatDay } from '../../lib/company-format.tsx';
import { companyToday } from '../../lib/dated/company-today.ts';
import { useServerSubmit } from '../../lib/form-errors.ts';
import { useEmployeeChoices } from './api/get-employee-choices.ts';
import { useRecordPayRequest } from './api/record-pay-request.ts';

type Output = z.output<typeof createPayRequestBody>;

function RecordRequestForm({ onClose }: { onClose(): void }) {
  const record = useRecordPayRequest();
  const employees = useEmployeeChoices(true);
  const form = useForm<CreatePayRequestBody, unknown, Output>({
    resolver: zodResolver(createPayRequestBody),
    defaultValues: { employeeId: '' as unknown as number, receivedOn: companyToday(), note: '' },
  });
  const receivedOn = useWatch({ control: form.control, name: 'receivedOn' });
  const { isSubmitting } = form.formState;

  const save = useServerSubmit(form.setError, ['employeeId', 'receivedOn', 'note']);
  const submit = form.handleSubmit(async (values) => {
    const saved = await save(() => record.mutateAsync(values), {
      saved: 'Request recorded',
      failed: 'Failed to record request',
    });
    if (saved) onClose();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormSelect
          control={form.control}
          name="employeeId"
          label={PAY_REQUEST_LABELS.employeeId}
          placeholder={employees.isPending ? 'Loading...' : 'Type a name'}
          data={employees.data ?? []}
          searchable
          openOnFocus={false}
          limit={50}
          nothingFoundMessage="No employee of that name"
          required
          data-autofocus
        />
        <FormTextInput
          control={form.control}
          name="receivedOn"
          type="date"
          label={PAY_REQUEST_LABELS.receivedOn}
          max={companyToday()}
          required
        />
        <Text size="sm" aria-live="polite">
          {receivedOn && isCalendarDay(receivedOn)
            ? `Answer due by ${formatDay(dueOnFor(receivedOn))} (two calendar months after it was received).`
            : 'The answer is due two calendar months after the day it was received.'}
        </Text>
        <Textarea
          label={PAY_REQUEST_LABELS.note}
          description="How it was received, or what was asked (optional)"
          rows={3}
          maxLength={NOTE_MAX}
          error={form.formState.errors.note?.message}
          {...form.register('note')}
        />
        <DialogActions onCancel={onClose} pending={isSubmitting} submit="Record request" />
      </Stack>
    </form>
  );
}

/** Record a worker's request: who asked and the day it was received. */
export function RecordRequestDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Record a request" centered>
      <RecordRequestForm onClose={onClose} />
    </Modal>
  );
}

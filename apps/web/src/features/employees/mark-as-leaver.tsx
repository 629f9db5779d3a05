import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type EmployeeView, employeeFormBody } from '@salary/shared/employees/employee.contract';
import { EMPLOYEE_FIELDS } from '@salary/shared/employees/employee-fields';
import { IconDoorExit } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useUpdateEmployee } from './api/update-employee.ts';
import { companyToday } from './employee-form-dates.tsx';
import { employeeRequestBody } from './employee-form-values.ts';

/**
 * The employee as a save sends it back: every field as read, with `leaveDate` set; or the
 * form's message when the shared rules refuse it (a leave date before the hire date).
 */
function leaverBody(employee: EmployeeView, leaveDate: string) {
  const stored = employee as unknown as Record<string, unknown>;
  const values = Object.fromEntries(EMPLOYEE_FIELDS.map((f) => [f.wire, stored[f.wire]]));
  const parsed = employeeFormBody.safeParse({
    ...values,
    customMultipliers: employee.customMultipliers,
    leaveDate,
  });
  if (!parsed.success) return { refused: parsed.error.issues[0]?.message ?? 'Invalid value' };
  return { body: { ...employeeRequestBody(parsed.data), version: employee.version } };
}

/**
 * Mark as leaver: asks for the leave date (the company's today unless changed) and saves the
 * employee with it — an ordinary, audited edit. A leaver leaves the directory's default list
 * and the Pay Overview from the day after.
 */
export function MarkAsLeaverButton({ employee }: { employee: EmployeeView }) {
  const toast = useToast();
  const update = useUpdateEmployee();
  const [open, setOpen] = useState(false);
  const [leaveDate, setLeaveDate] = useState('');
  const [error, setError] = useState<string | undefined>();

  const start = () => {
    setLeaveDate(employee.leaveDate ?? companyToday());
    setError(undefined);
    setOpen(true);
  };
  const save = async () => {
    if (!leaveDate) return setError('Leave Date is required');
    const made = leaverBody(employee, leaveDate);
    if (made.refused !== undefined) return setError(made.refused);
    try {
      await update.mutateAsync({ id: employee.id, body: made.body });
      toast.success(`${employee.name} marked as leaver`);
      setOpen(false);
    } catch (caught) {
      const field =
        caught instanceof ApiError ? caught.fields.find((f) => f.field === 'leaveDate')?.message : undefined;
      setError(field ?? errorMessage(caught, 'Operation failed'));
    }
  };

  return (
    <>
      <Button variant="default" color="red" leftSection={<IconDoorExit size={16} />} onClick={start}>
        Mark as leaver
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Mark ${employee.name} as leaver`}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
          noValidate
        >
          <Stack gap="md">
            <Text size="sm">
              The last day employed. From the day after, the employee is listed with the leavers and no longer
              counts in the totals and the Pay Overview.
            </Text>
            <TextInput
              type="date"
              label="Leave Date"
              required
              data-autofocus
              value={leaveDate}
              onChange={(event) => setLeaveDate(event.currentTarget.value)}
              error={error}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={update.isPending}>
                Mark as leaver
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

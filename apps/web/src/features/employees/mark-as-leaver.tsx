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
 * and the Pay Overview from the day after. The employee page opens it from its button, the
 * directory from a row's actions.
 */
export function MarkAsLeaverDialog({
  employee,
  opened,
  onClose,
}: {
  employee: EmployeeView;
  opened: boolean;
  onClose(): void;
}) {
  const toast = useToast();
  const update = useUpdateEmployee();
  const [leaveDate, setLeaveDate] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [shownFor, setShownFor] = useState<number | null>(null);

  // Each opening starts from the employee's leave date (or today), with no message.
  const key = opened ? employee.id : null;
  if (key !== shownFor) {
    setShownFor(key);
    if (opened) {
      setLeaveDate(employee.leaveDate ?? companyToday());
      setError(undefined);
    }
  }

  const save = async () => {
    if (!leaveDate) return setError('Leave Date is required');
    const made = leaverBody(employee, leaveDate);
    if (made.refused !== undefined) return setError(made.refused);
    try {
      await update.mutateAsync({ id: employee.id, body: made.body });
      toast.success(`${employee.name} marked as leaver`);
      onClose();
    } catch (caught) {
      const field =
        caught instanceof ApiError ? caught.fields.find((f) => f.field === 'leaveDate')?.message : undefined;
      setError(field ?? errorMessage(caught, 'Operation failed'));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`Mark ${employee.name} as leaver`}>
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
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={update.isPending}>
              Mark as leaver
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The employee page's button that opens the dialog. */
export function MarkAsLeaverButton({ employee }: { employee: EmployeeView }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="default"
        color="red"
        leftSection={<IconDoorExit size={16} />}
        onClick={() => setOpen(true)}
      >
        Mark as leaver
      </Button>
      <MarkAsLeaverDialog employee={employee} opened={open} onClose={() => setOpen(false)} />
    </>
  );
}

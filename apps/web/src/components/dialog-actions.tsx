import { Button, Group, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A dialog form's last row: Cancel, then the form's submit. While the submit is `pending` it spins
 * and Cancel waits, so the dialog cannot close under a save that is still on its way.
 */
export function DialogActions({
  onCancel,
  pending,
  submit,
  mt,
}: {
  onCancel(): void;
  pending: boolean;
  /** The submit button's words: 'Save', 'Change Password'. */
  submit: ReactNode;
  mt?: MantineSpacing;
}) {
  return (
    <Group justify="flex-end" gap="sm" mt={mt}>
      <Button variant="default" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" loading={pending}>
        {submit}
      </Button>
    </Group>
  );
}

import { Button } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useAccountDialogs } from '../lib/account-dialogs.ts';

/** 'Change Password' for page headers; the modal itself belongs to the auth feature. */
export function ChangePasswordButton() {
  const { openChangePassword } = useAccountDialogs();
  return (
    <Button variant="default" leftSection={<IconKey size={16} />} onClick={openChangePassword}>
      Change Password
    </Button>
  );
}

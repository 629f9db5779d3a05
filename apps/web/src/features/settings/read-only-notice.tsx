import { Alert } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';

/** Users with showSettings but not manageSettings can look but not change. */
export function ReadOnlyNotice() {
  return (
    <Alert variant="light" color="gray" icon={<IconEye size={18} />} title="View only">
      You can view these settings. Changing them needs the Edit/Delete Settings permission.
    </Alert>
  );
}

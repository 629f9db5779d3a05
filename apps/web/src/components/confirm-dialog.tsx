import { Button, Group, Modal, Text } from '@mantine/core';

interface ConfirmDialogProps {
  opened: boolean;
  title?: string;
  /** The spec's prompt, e.g. 'Are you sure you want to delete this user?'. */
  message: string;
  confirmLabel?: string;
  /** Shows a spinner on the confirm button and keeps the dialog open while the action runs. */
  loading?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** A real confirmation the user must accept before anything destructive happens. */
export function ConfirmDialog({
  opened,
  title = 'Please confirm',
  message,
  confirmLabel = 'Delete',
  loading = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered size="sm" closeOnClickOutside={!loading}>
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={loading} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}

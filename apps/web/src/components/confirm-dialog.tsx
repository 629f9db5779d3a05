import { Button, Group, Modal, Text } from '@mantine/core';

interface ConfirmDialogProps {
  opened: boolean;
  title?: string;
  /** The spec's prompt, e.g. 'Are you sure you want to delete this user?'. */
  message: string;
  /** What the action hits, on a line of its own under the prompt ('Senior / L2'). */
  item?: string;
  confirmLabel?: string;
  /** Shows a spinner on the confirm button and keeps the dialog open while the action runs. */
  loading?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

// Mantine's modal content always says role="dialog"; a confirmation interrupts, so it is an
// alertdialog (React never rewrites the attribute: the prop it renders does not change).
const asAlertDialog = (element: HTMLElement | null) => element?.setAttribute('role', 'alertdialog');

/**
 * A real confirmation the user must accept before anything destructive happens: an
 * alertdialog whose focus starts on Cancel, so Enter twice never deletes.
 */
export function ConfirmDialog({
  opened,
  title = 'Please confirm',
  message,
  item,
  confirmLabel = 'Delete',
  loading = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal.Root opened={opened} onClose={onCancel} centered size="sm" closeOnClickOutside={!loading}>
      <Modal.Overlay backgroundOpacity={0.45} blur={2} />
      <Modal.Content ref={asAlertDialog} radius="md">
        <Modal.Header>
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <Text size="sm">{message}</Text>
          {item ? (
            <Text size="sm" fw={600} mt={4} data-testid="confirm-item">
              {item}
            </Text>
          ) : null}
          <Group justify="flex-end" mt="lg" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={loading} data-autofocus>
              Cancel
            </Button>
            <Button color="red" onClick={onConfirm} loading={loading}>
              {confirmLabel}
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

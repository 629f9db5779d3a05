import { Button, Group } from '@mantine/core';
import type { AdjustmentFactor } from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { IconPencil, IconTrash } from '@tabler/icons-react';

export interface AdjustmentFactorActionHandlers {
  editingId: number | null;
  onEdit(factor: AdjustmentFactor): void;
  onDelete(factor: AdjustmentFactor): void;
}

/** Edit and Delete for one factor (table row or phone card). */
export function AdjustmentFactorActions({
  factor,
  onEdit,
  onDelete,
}: { factor: AdjustmentFactor } & AdjustmentFactorActionHandlers) {
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button size="xs" variant="light" leftSection={<IconPencil size={14} />} onClick={() => onEdit(factor)}>
        Edit
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconTrash size={14} />}
        onClick={() => onDelete(factor)}
      >
        Delete
      </Button>
    </Group>
  );
}

import { Button, Group } from '@mantine/core';
import type { BaseSalary } from '@salary/shared/base-salaries/base-salaries.contract';
import { IconPencil, IconTrash } from '@tabler/icons-react';

export interface BaseSalaryActionHandlers {
  editingId: number | null;
  onEdit(baseSalary: BaseSalary): void;
  onDelete(baseSalary: BaseSalary): void;
}

/** Edit and Delete for one base salary (table row or phone card). */
export function BaseSalaryActions({ row, onEdit, onDelete }: { row: BaseSalary } & BaseSalaryActionHandlers) {
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button size="xs" variant="light" leftSection={<IconPencil size={14} />} onClick={() => onEdit(row)}>
        Edit
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconTrash size={14} />}
        onClick={() => onDelete(row)}
      >
        Delete
      </Button>
    </Group>
  );
}

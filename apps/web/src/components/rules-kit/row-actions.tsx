import { Button, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { IconAction } from '../icon-action.tsx';

interface RowIconActionsProps {
  /** The row's name: the buttons read 'Edit <name>', 'Delete <name>'. */
  name: string;
  onEdit?(): void;
  onDelete?(): void;
  /** Actions of the domain's own, before Edit (the grades' Up and Down). */
  children?: ReactNode;
}

/** A name list's row actions: labelled icon buttons, so a narrow table keeps its columns. */
export function RowIconActions({ name, onEdit, onDelete, children }: RowIconActionsProps) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {children}
      {onEdit ? (
        <IconAction label={`Edit ${name}`} icon={<IconPencil size={18} stroke={1.6} />} onClick={onEdit} />
      ) : null}
      {onDelete ? (
        <IconAction
          label={`Delete ${name}`}
          color="red"
          icon={<IconTrash size={18} stroke={1.6} />}
          onClick={onDelete}
        />
      ) : null}
    </Group>
  );
}

/**
 * Edit and Delete as buttons, for the rules edited in a form above the list (table row or card).
 * Their names carry the row ('Edit Senior / L2'): a list of identical 'Edit' says nothing.
 * Without a name they are just 'Edit' and 'Delete' (the users' rows, named by their e-mail).
 */
export function RowButtons({
  name,
  onEdit,
  onDelete,
  children,
}: {
  name?: string;
  onEdit(): void;
  onDelete(): void;
  /** Actions of the row's own, before Edit (a user's Sessions). */
  children?: ReactNode;
}) {
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {children}
      <RowButton verb="Edit" name={name} icon={<IconPencil size={14} />} onClick={onEdit} />
      <RowButton verb="Delete" name={name} color="red" icon={<IconTrash size={14} />} onClick={onDelete} />
    </Group>
  );
}

interface RowButtonProps {
  verb: 'Edit' | 'Delete';
  name?: string;
  color?: string;
  icon: ReactNode;
  onClick(): void;
}

/** One of RowButtons: reads its verb, and is named '<verb> <name>' when the row has a name. */
function RowButton({ verb, name, color, icon, onClick }: RowButtonProps) {
  return (
    <Button
      size="xs"
      variant="light"
      color={color}
      leftSection={icon}
      onClick={onClick}
      aria-label={name === undefined ? undefined : `${verb} ${name}`}
    >
      {verb}
    </Button>
  );
}

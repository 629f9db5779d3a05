import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './icon-action.module.css';

interface IconActionProps {
  /** Read by screen readers and shown as a tooltip, e.g. 'Edit Engineering'. */
  label: string;
  icon: ReactNode;
  color?: string;
  disabled?: boolean;
  loading?: boolean;
  onClick(): void;
}

/** A row's icon button: an icon alone says too little, so it always carries a label and tooltip. */
export function IconAction({ label, icon, color = 'gray', disabled, loading, onClick }: IconActionProps) {
  return (
    <Tooltip label={label} withArrow openDelay={400} disabled={disabled}>
      <ActionIcon
        variant="subtle"
        color={color}
        size="lg"
        aria-label={label}
        className={classes.root}
        disabled={disabled}
        loading={loading}
        onClick={onClick}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

import { Button } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import classes from './phone-disclosure.module.css';

interface PhoneDisclosureProps {
  /** The toggle's text: 'Actions', 'Filters (2 applied)', 'Section: Jobs'. */
  label: string;
  /** Content that closes again when this changes (the current page). */
  closeOn?: unknown;
  /** The content is a row of buttons: they keep their own width when shown on a phone. */
  inline?: boolean;
  children: ReactNode;
}

/**
 * On a phone, toolbars and menus that would fill the first screen wait behind one toggle, so
 * what the page is for (the list, the section) is in view; from 36em up it shows everything
 * and no toggle. The content stays mounted either way: typed filters are not lost.
 */
export function PhoneDisclosure({ label, closeOn, inline, children }: PhoneDisclosureProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes when `closeOn` changes.
  useEffect(() => setOpen(false), [closeOn]);
  const Icon = open ? IconChevronUp : IconChevronDown;
  return (
    <>
      <Button
        variant="default"
        className={classes.toggle}
        data-phone-toggle
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        rightSection={<Icon size={16} aria-hidden />}
        fullWidth
        justify="space-between"
      >
        {label}
      </Button>
      <div
        id={id}
        className={classes.content}
        data-collapsed={open ? undefined : true}
        data-inline={inline || undefined}
      >
        {children}
      </div>
    </>
  );
}

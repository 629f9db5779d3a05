import { Badge, Button, Group, Paper } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type ReactNode, useContext, useEffect } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog.tsx';

let leaveOnce = false;

/**
 * For a form that navigates right after a successful save: the next navigation (in this
 * turn of the event loop) does not ask, though the form has not re-rendered as clean yet.
 */
export function leaveWithoutAsking(): void {
  leaveOnce = true;
  setTimeout(() => {
    leaveOnce = false;
  }, 0);
}

/** Asks before the router leaves the page while `when` holds (needs the app's data router). */
function RouterBlocker({ when }: { when: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (leaveOnce) return false;
    return when && currentLocation.pathname !== nextLocation.pathname;
  });
  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title="Unsaved changes"
      message="You have unsaved changes. Leave this page and lose them?"
      confirmLabel="Leave"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}

/**
 * No silent loss of edits: while a form has unsaved changes, leaving through the app asks
 * first (router blocker) and closing or reloading the tab asks too (beforeunload).
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  // Component tests mount under a MemoryRouter, which cannot block; the app always can.
  return dataRouter ? <RouterBlocker when={when} /> : null;
}

/**
 * The form's save buttons, stuck to the bottom of the window while there is something to save
 * (so Save is always in view), with a badge saying that the form has unsaved changes.
 */
export function SaveBar({ dirty, children }: { dirty: boolean; children: ReactNode }) {
  return (
    <Paper
      data-testid="save-bar"
      data-dirty={dirty || undefined}
      p="sm"
      mt="md"
      radius="md"
      withBorder={dirty}
      shadow={dirty ? 'md' : undefined}
      bg={dirty ? 'white' : 'transparent'}
      style={dirty ? { position: 'sticky', bottom: 'var(--mantine-spacing-sm)', zIndex: 5 } : undefined}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <div role="status">
          {dirty ? (
            <Badge color="yellow" variant="light" size="lg">
              Unsaved changes
            </Badge>
          ) : null}
        </div>
        <Group gap="sm" wrap="wrap">
          {children}
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * A settings form's Save bar and its guard: the bar shows unsaved changes and ends in Save (the
 * form's submit, spinning while `saving`); leaving asks first until a save has gone through.
 * `children` are the actions before Save.
 */
export function FormSaveBar({
  dirty,
  saved,
  saving,
  children,
}: {
  dirty: boolean;
  saved: boolean;
  saving: boolean;
  children?: ReactNode;
}) {
  return (
    <>
      <SaveBar dirty={dirty}>
        {children}
        <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={saving}>
          Save
        </Button>
      </SaveBar>
      <UnsavedChangesGuard when={dirty && !saved} />
    </>
  );
}

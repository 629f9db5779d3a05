import { Button, Group, List, Modal, Text } from '@mantine/core';
import {
  describeChange,
  STALE_VERSION_ERROR,
  type StaleVersionData,
  staleVersionData,
} from '@salary/shared/common/stale-version';
import { type ReactNode, useState } from 'react';
import { errorMessage, isApiError } from '../lib/api-error.ts';
import { companyFormat } from '../lib/company-format.tsx';
import { useToast } from '../lib/toast/toast-context.ts';

/*
 * Lost updates: a save made from a form opened before someone else saved the same record
 * answers 409 STALE_VERSION (common/stale-version.ts). Every form hands that answer to
 * `useStaleVersion().offer`, which opens this dialog: who changed what since, then Reload
 * (drop my edits, load the latest) or Apply anyway (send mine again with the new version,
 * overwriting theirs).
 */

/** A stale save's answer: the server's sentence and who changed what since. */
export interface StaleConflict {
  message: string;
  data: StaleVersionData;
}

/** The conflict in a failed save, or null when it failed for another reason. */
export function staleConflictOf(error: unknown): StaleConflict | null {
  if (!isApiError(error) || error.status !== 409 || error.error !== STALE_VERSION_ERROR) return null;
  const parsed = staleVersionData.safeParse(error.details);
  return parsed.success ? { message: error.message, data: parsed.data } : null;
}

interface Offer {
  conflict: StaleConflict;
  /** Sends the refused save again from `version` (the record's now). */
  apply(version: number): Promise<unknown>;
  /** Drops the form's edits and loads the record as it stands. */
  reload(): unknown;
}

// A conflict interrupts the save the user asked for: an alertdialog, as a confirmation is.
const asAlertDialog = (element: HTMLElement | null) => element?.setAttribute('role', 'alertdialog');

interface StaleVersionDialogProps {
  conflict: StaleConflict | null;
  busy: 'apply' | 'reload' | null;
  onReload(): void;
  onApply(): void;
  onClose(): void;
}

/** The dialog itself: who changed what since the form was opened, Reload or Apply anyway. */
export function StaleVersionDialog({ conflict, busy, onReload, onApply, onClose }: StaleVersionDialogProps) {
  const changes = conflict?.data.changes ?? [];
  // With the changes listed below, the server's sentence is shortened to what was changed
  // ("Employee Ada was changed since you opened it"), so no change is read out twice.
  const message = conflict?.message ?? '';
  const head = changes.length ? message.match(/^(.*? since you opened (?:it|them))/)?.[1] : undefined;
  return (
    <Modal.Root opened={conflict !== null} onClose={onClose} centered size="md" zIndex={400}>
      <Modal.Overlay backgroundOpacity={0.45} blur={2} />
      <Modal.Content ref={asAlertDialog} radius="md" aria-describedby="stale-version-message">
        <Modal.Header>
          <Modal.Title>Changed since you opened it</Modal.Title>
          <Modal.CloseButton aria-label="Close" disabled={busy !== null} />
        </Modal.Header>
        <Modal.Body>
          <Text size="sm" id="stale-version-message">
            {head ? `${head}:` : message}
          </Text>
          {changes.length > 0 ? (
            <List size="sm" mt="sm" spacing={4} aria-label="Changes since you opened it">
              {changes.map((change) => (
                <List.Item key={`${change.at}-${change.by}-${change.fields.join()}`}>
                  {describeChange(change, companyFormat())}
                </List.Item>
              ))}
            </List>
          ) : null}
          <Text size="sm" c="dimmed" mt="sm">
            Reload discards your edits and loads the latest. Apply anyway saves your edits over the changes
            above.
          </Text>
          <Group justify="flex-end" mt="lg" gap="sm">
            <Button
              variant="default"
              onClick={onReload}
              loading={busy === 'reload'}
              disabled={busy === 'apply'}
              data-autofocus
            >
              Reload
            </Button>
            <Button color="red" onClick={onApply} loading={busy === 'apply'} disabled={busy === 'reload'}>
              Apply anyway
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

/**
 * The one way forms meet a stale save. `offer(error, actions)` answers false for any other
 * error (the form shows it as before); for a stale save it opens the dialog and answers true.
 * Render `dialog` once beside the form.
 */
export function useStaleVersion(): {
  offer(error: unknown, actions: Omit<Offer, 'conflict'>): boolean;
  dialog: ReactNode;
} {
  const toast = useToast();
  const [offer, setOffer] = useState<Offer | null>(null);
  const [busy, setBusy] = useState<'apply' | 'reload' | null>(null);

  const run = async (kind: 'apply' | 'reload') => {
    if (!offer) return;
    setBusy(kind);
    try {
      if (kind === 'apply') await offer.apply(offer.conflict.data.version);
      else await offer.reload();
      setOffer(null);
    } catch (error) {
      // Changed once more while the dialog was open: say so with the newest changes.
      const again = staleConflictOf(error);
      if (again) setOffer({ ...offer, conflict: again });
      else {
        setOffer(null);
        toast.error(errorMessage(error, 'Save failed'));
      }
    } finally {
      setBusy(null);
    }
  };

  return {
    offer(error, actions) {
      const conflict = staleConflictOf(error);
      if (!conflict) return false;
      setOffer({ conflict, ...actions });
      return true;
    },
    dialog: (
      <StaleVersionDialog
        conflict={offer?.conflict ?? null}
        busy={busy}
        onReload={() => void run('reload')}
        onApply={() => void run('apply')}
        onClose={() => setOffer(null)}
      />
    ),
  };
}

import { useState } from 'react';
import { errorMessage } from '../lib/api-error.ts';
import { useToast } from '../lib/toast/toast-context.ts';

export interface DeleteOptions<T> {
  mutation: { mutateAsync(id: number): Promise<unknown>; isPending: boolean };
  /** Toasts: 'Job deleted successfully' / 'Failed to delete job' (the server's reason wins). */
  deleted: string;
  failed: string;
  onDeleted?(row: T): void;
  /**
   * Asked after the confirm prompt, before the delete (the impact preview): false keeps the
   * row. A rejection is a failed delete (the preview refuses what the delete would).
   */
  preview?(row: T): Promise<boolean>;
  /** How the confirmation names the row on its second line ('Senior / L2'). */
  itemName?(row: T): string;
}

/** A section's deleting with its confirm dialog's title and prompt. */
export type ConfirmedDeleting<T> = Omit<DeleteOptions<T>, 'onDeleted'> & {
  confirmTitle: string;
  confirmMessage: string;
};

/**
 * Delete after a confirmation, for the rule lists and User Management alike: `ask(row)`
 * opens the dialog, spread `confirmProps` onto the ConfirmDialog with the domain's own title and prompt.
 */
export function useConfirmedDelete<T extends { id: number }>({
  mutation,
  deleted,
  failed,
  onDeleted,
  preview,
  itemName,
}: DeleteOptions<T>) {
  const toast = useToast();
  const [pending, setPending] = useState<T | null>(null);

  const confirm = async () => {
    if (!pending) return;
    try {
      if (preview) {
        const row = pending;
        // The prompt closes; the preview's own dialog asks next.
        setPending(null);
        if (!(await preview(row))) return;
        await mutation.mutateAsync(row.id);
        toast.success(deleted);
        onDeleted?.(row);
        return;
      }
      await mutation.mutateAsync(pending.id);
      toast.success(deleted);
      onDeleted?.(pending);
    } catch (error) {
      toast.error(errorMessage(error, failed));
    } finally {
      setPending(null);
    }
  };

  return {
    ask: (row: T) => setPending(row),
    confirmProps: {
      opened: pending !== null,
      item: pending && itemName ? itemName(pending) : undefined,
      loading: mutation.isPending,
      onConfirm: confirm,
      onCancel: () => setPending(null),
    },
  };
}

import { useState } from 'react';
import { errorMessage } from '../../lib/api-error.ts';
import { useToast } from '../../lib/toast/toast-context.ts';

export interface RuleDeleting<T> {
  mutation: { mutateAsync(id: number): Promise<unknown>; isPending: boolean };
  /** Toasts (spec §8): 'Job deleted successfully' / 'Failed to delete job' (the server's reason wins). */
  deleted: string;
  failed: string;
  onDeleted?(row: T): void;
}

/** A section's deleting with its confirm dialog's title and prompt. */
export type ConfirmedDeleting<T> = Omit<RuleDeleting<T>, 'onDeleted'> & {
  confirmTitle: string;
  confirmMessage: string;
};

/**
 * Delete after a confirmation (spec §8): `ask(row)` opens the dialog, spread `confirmProps` onto
 * the ConfirmDialog with the domain's own title and prompt.
 */
export function useRuleDelete<T extends { id: number }>({
  mutation,
  deleted,
  failed,
  onDeleted,
}: RuleDeleting<T>) {
  const toast = useToast();
  const [pending, setPending] = useState<T | null>(null);

  const confirm = async () => {
    if (!pending) return;
    try {
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
      loading: mutation.isPending,
      onConfirm: confirm,
      onCancel: () => setPending(null),
    },
  };
}

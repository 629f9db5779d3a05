import { useState } from 'react';
import { useToast } from '../../lib/toast/toast-context.ts';

interface RuleSaving<TBody, TSaved> {
  create(body: TBody): Promise<TSaved>;
  update(id: number, body: TBody): Promise<TSaved>;
  /** Success toasts, e.g. 'Job created successfully' / 'Job updated successfully'. */
  created: string;
  updated: string;
  /** After a successful save, with the server's answer (the modal then closes). */
  onSaved?(saved: TSaved): void;
}

/**
 * The add/edit modal of a rules section: which row it edits (null to add) and the save that
 * creates or updates, toasts and closes. A failed save rejects, so the modal stays open and says why.
 */
export function useRuleModal<T extends { id: number }, TBody, TSaved = unknown>(
  saving: RuleSaving<TBody, TSaved>,
) {
  const toast = useToast();
  // `editing` outlives `opened` so the title does not flip while the modal fades out.
  const [state, setState] = useState<{ opened: boolean; editing: T | null }>({
    opened: false,
    editing: null,
  });
  const close = () => setState((current) => ({ ...current, opened: false }));

  const save = async (body: TBody) => {
    const { editing } = state;
    const saved = editing ? await saving.update(editing.id, body) : await saving.create(body);
    toast.success(editing ? saving.updated : saving.created);
    saving.onSaved?.(saved);
    close();
  };

  return {
    opened: state.opened,
    editing: state.editing,
    openAdd: () => setState({ opened: true, editing: null }),
    openEdit: (row: T) => setState({ opened: true, editing: row }),
    close,
    save,
  };
}

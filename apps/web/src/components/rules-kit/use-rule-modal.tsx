import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useStaleVersion } from '../stale-version-dialog.tsx';

interface RuleSaving<TBody, TSaved> {
  create(body: TBody): Promise<TSaved>;
  /** `body` carries the `version` the row was read at (a stale one answers 409). */
  update(id: number, body: TBody & { version?: number }): Promise<TSaved>;
  /** Success toasts, e.g. 'Job created successfully' / 'Job updated successfully'. */
  created: string;
  updated: string;
  /** After a successful save, with the server's answer (the modal then closes). */
  onSaved?(saved: TSaved): void;
}

/**
 * The add/edit modal of a rules section: which row it edits (null to add) and the save that
 * creates or updates, toasts and closes. A failed save rejects, so the modal stays open and says why.
 * An edit sends the version the row was read at; when someone saved the row since, the
 * stale-version dialog (render `staleDialog`) offers Reload (close the form, the list loads
 * the latest) or Apply anyway (save again over theirs).
 */
export function useRuleModal<T extends { id: number; version?: number }, TBody, TSaved = unknown>(
  saving: RuleSaving<TBody, TSaved>,
) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const stale = useStaleVersion();
  // `editing` outlives `opened` so the title does not flip while the modal fades out.
  const [state, setState] = useState<{ opened: boolean; editing: T | null }>({
    opened: false,
    editing: null,
  });
  const close = () => setState((current) => ({ ...current, opened: false }));

  const saved = (answer: TSaved, editing: boolean) => {
    toast.success(editing ? saving.updated : saving.created);
    saving.onSaved?.(answer);
    close();
  };

  const save = async (body: TBody) => {
    const { editing } = state;
    if (!editing) return saved(await saving.create(body), false);
    const update = (version: number | undefined) => saving.update(editing.id, { ...body, version });
    try {
      saved(await update(editing.version), true);
    } catch (error) {
      const offered = stale.offer(error, {
        apply: async (version) => saved(await update(version), true),
        reload: async () => {
          close();
          await queryClient.invalidateQueries();
        },
      });
      if (!offered) throw error;
    }
  };

  return {
    opened: state.opened,
    editing: state.editing,
    openAdd: () => setState({ opened: true, editing: null }),
    openEdit: (row: T) => setState({ opened: true, editing: row }),
    close,
    save,
    staleDialog: stale.dialog,
  };
}

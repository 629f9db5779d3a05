import type { Impact, ProposedWrite } from '@salary/shared/impact/impact.contract';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useToast } from '../../lib/toast/toast-context.ts';
import { ImpactPreviewDialog } from './impact-preview-dialog.tsx';
import { NO_ONE_AFFECTED } from './impact-summary.ts';
import { previewImpact } from './preview-impact.ts';

export interface ImpactPreview {
  /**
   * Previews `write` and asks: true once the user confirms (or at once when nobody is
   * affected, said in an info toast), false on Cancel. Rejects as the write itself would
   * (validation, 403, 409): the caller's usual failure handling applies.
   */
  confirm(write: ProposedWrite): Promise<boolean>;
  /** Render it once in the screen. */
  dialog: ReactNode;
}

/** The preview step every rule screen puts before its save (one hook, one dialog). */
export function useImpactPreview(options: { onRefused?(): void } = {}): ImpactPreview {
  const { onRefused } = options;
  const toast = useToast();
  const [impact, setImpact] = useState<Impact | null>(null);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);

  const confirm = useCallback(
    async (write: ProposedWrite) => {
      let preview: Impact;
      try {
        preview = await previewImpact(write);
      } catch (error) {
        onRefused?.();
        throw error;
      }
      if (preview.employeesAffected === 0) {
        toast.info(NO_ONE_AFFECTED);
        return true;
      }
      return new Promise<boolean>((resolve) => {
        answer.current = resolve;
        setImpact(preview);
      });
    },
    [toast, onRefused],
  );

  const settle = (confirmed: boolean) => {
    answer.current?.(confirmed);
    answer.current = null;
    setImpact(null);
  };

  return {
    confirm,
    dialog: (
      <ImpactPreviewDialog impact={impact} onConfirm={() => settle(true)} onCancel={() => settle(false)} />
    ),
  };
}

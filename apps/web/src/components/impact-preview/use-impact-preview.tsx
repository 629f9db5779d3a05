import type { Impact, ProposedWrite } from '@salary/shared/impact/impact.contract';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api-error.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { ImpactPreviewDialog } from './impact-preview-dialog.tsx';
import { NO_ONE_AFFECTED } from './impact-summary.ts';
import { downloadImpact, previewImpact } from './preview-impact.ts';

export interface ImpactPreview {
  /**
   * Previews `write` and asks: true once the user confirms (or at once when nobody is
   * affected, said in an info toast), false on Cancel. Rejects as the write itself would
   * (validation, 403, 409): the caller's usual failure handling applies.
   */
  confirm(write: ProposedWrite, options?: { note?: string }): Promise<boolean>;
  /**
   * Previews `write` to look at only (the screens' Preview impact): the same dialog with Close
   * instead of Confirm, nothing saved. Rejects as `confirm` does.
   */
  preview(write: ProposedWrite): Promise<void>;
  /** Render it once in the screen. */
  dialog: ReactNode;
}

interface Shown {
  impact: Impact;
  write: ProposedWrite;
  /** Asked before a save (Confirm and Cancel) or only looked at (Close). */
  asking: boolean;
  /** A line of the caller's under the summary (which day the figures are for). */
  note?: string;
}

/**
 * Whether the change touches anyone's pay: today's (those affected) or, dated in the past, the
 * days since (back pay owed) — a past change that a later version overrides by today moves no
 * one's pay today and still owes back pay.
 */
const touchesPay = (impact: Impact) =>
  impact.employeesAffected > 0 || (impact.backPay?.employeeCount ?? 0) > 0;

/** The preview step every rule screen puts before its save (one hook, one dialog). */
export function useImpactPreview(options: { onRefused?(): void } = {}): ImpactPreview {
  const { onRefused } = options;
  const toast = useToast();
  const [shown, setShown] = useState<Shown | null>(null);
  const [downloading, setDownloading] = useState(false);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);

  const load = useCallback(
    async (write: ProposedWrite) => {
      try {
        return await previewImpact(write);
      } catch (error) {
        onRefused?.();
        throw error;
      }
    },
    [onRefused],
  );

  const confirm = useCallback(
    async (write: ProposedWrite, options: { note?: string } = {}) => {
      const impact = await load(write);
      if (!touchesPay(impact)) {
        toast.info(NO_ONE_AFFECTED);
        return true;
      }
      return new Promise<boolean>((resolve) => {
        answer.current = resolve;
        setShown({
          impact,
          write,
          asking: true,
          ...(options.note === undefined ? {} : { note: options.note }),
        });
      });
    },
    [toast, load],
  );

  const preview = useCallback(
    async (write: ProposedWrite) => {
      const impact = await load(write);
      if (!touchesPay(impact)) toast.info(NO_ONE_AFFECTED);
      else setShown({ impact, write, asking: false });
    },
    [toast, load],
  );

  const settle = (confirmed: boolean) => {
    answer.current?.(confirmed);
    answer.current = null;
    setShown(null);
  };

  const download = async () => {
    if (!shown) return;
    setDownloading(true);
    try {
      await downloadImpact(shown.write);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to download the preview'));
    } finally {
      setDownloading(false);
    }
  };

  return {
    confirm,
    preview,
    dialog: (
      <ImpactPreviewDialog
        impact={shown?.impact ?? null}
        asking={shown?.asking ?? true}
        note={shown?.note}
        onConfirm={() => settle(true)}
        onCancel={() => settle(false)}
        onDownload={download}
        downloading={downloading}
      />
    ),
  };
}

import type { Settings } from '@salary/shared/settings/settings.contract';
import { PREVIEW_FAILED } from '../../components/rules-kit/inline-rule-form.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { isScheduledDay, savedToast, withEffectiveFrom } from '../../lib/dated/effective-day.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useSettingsImpactPreview, useUpdateSettings } from './api/update-settings.ts';
import { type SettingsChanges, toUpdateBody } from './settings-body.ts';

interface SaveToasts {
  /** The success toast, e.g. 'Multipliers saved successfully'. */
  saved: string;
  /** The failure toast when the server gives no reason. */
  failed: string;
  /** Before the failure toast: the screen puts the server's field errors on its inputs. */
  onFailed?(error: unknown): void;
}

/** How a save ended: written today (or from a past day), scheduled for a day to come, or not at all. */
export type SettingsSaved = 'saved' | 'scheduled' | false;

/**
 * A settings save as every settings screen makes it: the whole record with the changes
 * applied, its impact on pay previewed first, then saved and toasted. `save` resolves 'saved'
 * once saved, 'scheduled' when `effectiveFrom` is a day to come (today's record stays: the screen
 * goes back to its values), false when the preview was cancelled (what was typed stays) or the
 * save failed. Render `dialog` (the impact preview) with the screen.
 */
export function useSettingsSave(current: Settings) {
  const toast = useToast();
  const mutation = useUpdateSettings();
  const impact = useSettingsImpactPreview();
  const save = async (
    changes: SettingsChanges,
    { saved, failed, onFailed }: SaveToasts,
    effectiveFrom?: string,
  ): Promise<SettingsSaved> => {
    try {
      const body = toUpdateBody(current, changes);
      const path = withEffectiveFrom('/settings', effectiveFrom);
      if (!(await impact.confirm({ method: 'PUT', path, body }))) return false;
      await mutation.mutateAsync(effectiveFrom ? { body, effectiveFrom } : { body });
      toast.success(savedToast(saved, effectiveFrom));
      return isScheduledDay(effectiveFrom) ? 'scheduled' : 'saved';
    } catch (error) {
      onFailed?.(error);
      toast.error(errorMessage(error, failed));
      return false;
    }
  };
  /** Preview impact: what saving `changes` would do to everyone's pay; nothing is saved. */
  const preview = async (
    changes: SettingsChanges,
    { onFailed }: Pick<SaveToasts, 'onFailed'> = {},
    effectiveFrom?: string,
  ) => {
    try {
      const path = withEffectiveFrom('/settings', effectiveFrom);
      await impact.preview({ method: 'PUT', path, body: toUpdateBody(current, changes) });
    } catch (error) {
      onFailed?.(error);
      toast.error(errorMessage(error, PREVIEW_FAILED));
    }
  };
  return { save, preview, isPending: mutation.isPending, dialog: impact.dialog };
}

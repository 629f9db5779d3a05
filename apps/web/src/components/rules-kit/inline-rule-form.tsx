import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Group, SimpleGrid, type SimpleGridProps } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEventHandler, type ReactNode, useState } from 'react';
import { type DefaultValues, type FieldValues, type Mode, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../lib/api-error.ts';
import { savedToast, withEffectiveFrom } from '../../lib/dated/effective-day.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { EffectiveFrom } from '../effective-from.tsx';
import { useImpactPreview } from '../impact-preview/use-impact-preview.tsx';
import { SectionPanel } from '../section-panel.tsx';
import { useStaleVersion } from '../stale-version-dialog.tsx';
import type { SaveMessages } from './rule-messages.ts';

/** The toast when a Preview impact is refused without a reason of its own. */
export const PREVIEW_FAILED = 'Failed to preview the impact';

/** The props of a domain's inline form: the rule it edits (null: add) and how it leaves edit mode. */
export interface RuleFormProps<T> {
  /** Remount (key) the form when it changes. */
  editing: T | null;
  /** Leaves edit mode (after an update or Cancel Edit). */
  onDone(): void;
}

interface InlineRuleSaving<T, TValues, TOutput> {
  schema: z.ZodType<TOutput, TValues>;
  /** The rule being edited, or null to add one. Remount (key) the form when it changes. */
  editing: T | null;
  /** The form's values for a rule, or the empty form for null. */
  valuesFor(rule: T | null): TValues;
  /** `effectiveFrom`: the day chosen under Effective from (absent: today, no query). */
  create(body: TOutput, effectiveFrom?: string): Promise<unknown>;
  /** `body` carries the `version` the rule was read at (a stale one answers 409). */
  update(id: number, body: TOutput & { version?: number }, effectiveFrom?: string): Promise<unknown>;
  messages: SaveMessages;
  /** The server's field problems shown under their inputs. */
  serverFields: readonly string[];
  /** Leaves edit mode (after an update or Cancel Edit). */
  onDone(): void;
  /**
   * Where the rules live ('/base-salary'): the save is previewed there first (POST to it, PUT to
   * its `/<id>`), and Cancel on the preview keeps the form as it is, unsaved. A refused preview
   * is a failed save (the preview refuses what the save would).
   */
  impactPath: string;
  /**
   * When the form checks a value: 'onChange' says what is wrong as it is typed (and re-checks a
   * value whose rule depends on another field when that one changes); default after a submit.
   */
  mode?: Mode;
}

/**
 * The inline form above a rules list: create mode empties itself after a save; edit
 * mode saves, toasts and hands back to create mode through `onDone`.
 */
export function useInlineRuleForm<
  T extends { id: number; version?: number },
  TValues extends FieldValues,
  TOutput,
>({
  schema,
  editing,
  valuesFor,
  create,
  update,
  messages,
  serverFields,
  onDone,
  impactPath,
  mode,
}: InlineRuleSaving<T, TValues, TOutput>) {
  const toast = useToast();
  const impact = useImpactPreview();
  const stale = useStaleVersion();
  const queryClient = useQueryClient();
  const form = useForm<TValues, unknown, TOutput>({
    resolver: zodResolver(schema),
    defaultValues: valuesFor(editing) as DefaultValues<TValues>,
    mode,
  });
  // null until "change" is opened; the save then names the day (empty: today).
  const [effectiveFrom, setEffectiveFrom] = useState<string | null>(null);
  const day = effectiveFrom || undefined;

  // The preview runs the write as it will be sent, its day included.
  const writeOf = (body: TOutput) =>
    editing
      ? ({ method: 'PUT', path: withEffectiveFrom(`${impactPath}/${editing.id}`, day), body } as const)
      : ({ method: 'POST', path: withEffectiveFrom(impactPath, day), body } as const);

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      if (!(await impact.confirm(writeOf(body)))) return;
      if (editing) {
        const save = async (version: number | undefined) => {
          await (day
            ? update(editing.id, { ...body, version }, day)
            : update(editing.id, { ...body, version }));
          toast.success(savedToast(messages.updated, day));
          setEffectiveFrom(null);
          onDone();
        };
        try {
          await save(editing.version);
        } catch (error) {
          // Saved by someone else since the rule was read: Reload leaves edit mode on the latest.
          const offered = stale.offer(error, {
            apply: save,
            reload: async () => {
              onDone();
              await queryClient.invalidateQueries();
            },
          });
          if (!offered) throw error;
        }
      } else {
        await (day ? create(body, day) : create(body));
        toast.success(savedToast(messages.created, day));
        setEffectiveFrom(null);
        form.reset(valuesFor(null));
      }
    } catch (error) {
      applyServerFieldErrors(error, form.setError, serverFields);
      toast.error(errorMessage(error, editing ? messages.updateFailed : messages.createFailed));
    }
  });

  // Preview impact: the same preview, to look at; nothing is saved and the form stays as typed.
  const onPreview = form.handleSubmit(async (body) => {
    try {
      await impact.preview(writeOf(body));
    } catch (error) {
      applyServerFieldErrors(error, form.setError, serverFields);
      toast.error(errorMessage(error, PREVIEW_FAILED));
    }
  });

  /** `impactDialog` goes inside the form's panel (with the stale-version dialog). */
  return {
    form,
    onSubmit,
    onPreview,
    /** The form's Effective from (InlineRuleForm's `effectiveFrom`). */
    effectiveFromField: <EffectiveFrom value={effectiveFrom} onChange={setEffectiveFrom} />,
    impactDialog: (
      <>
        {impact.dialog}
        {stale.dialog}
      </>
    ),
  };
}

interface InlineRuleFormProps {
  /**
   * The rule as the spec's titles name it, 'Base Salary': the panel reads 'Add Base Salary' /
   * 'Edit Base Salary', the form is named 'Add base salary', the button 'Update Base Salary'.
   */
  noun: string;
  description: ReactNode;
  editing: boolean;
  submitting: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** 'Preview impact': what saving would do to everyone's pay, nothing saved. */
  onPreview?(): void;
  /** 'Cancel Edit' (edit mode only). */
  onCancel(): void;
  cols: SimpleGridProps['cols'];
  /** Under the fields: the day the save takes effect from (useInlineRuleForm's `effectiveFromField`). */
  effectiveFrom?: ReactNode;
  children: ReactNode;
}

/** The panel of an inline rules form: the domain's fields in a grid, then submit and Cancel Edit. */
export function InlineRuleForm({
  noun,
  description,
  editing,
  submitting,
  onSubmit,
  onPreview,
  onCancel,
  cols,
  effectiveFrom,
  children,
}: InlineRuleFormProps) {
  const title = `${editing ? 'Edit' : 'Add'} ${noun}`;
  return (
    <SectionPanel title={title} description={description}>
      <form onSubmit={onSubmit} noValidate aria-label={`${editing ? 'Edit' : 'Add'} ${noun.toLowerCase()}`}>
        <SimpleGrid cols={cols} spacing="md">
          {children}
        </SimpleGrid>
        {effectiveFrom ? <Box mt="md">{effectiveFrom}</Box> : null}
        <Group gap="sm" mt="md">
          <Button type="submit" loading={submitting}>
            {editing ? `Update ${noun}` : `Add ${noun}`}
          </Button>
          {onPreview ? (
            <Button variant="default" onClick={onPreview} disabled={submitting}>
              Preview impact
            </Button>
          ) : null}
          {editing ? (
            <Button variant="default" onClick={onCancel} disabled={submitting}>
              Cancel Edit
            </Button>
          ) : null}
        </Group>
      </form>
    </SectionPanel>
  );
}

import { Stack } from '@mantine/core';
import { type ComponentType, type ReactNode, useState } from 'react';
import { useCanManageSettings } from '../../lib/permissions.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { useImpactPreview } from '../impact-preview/use-impact-preview.tsx';
import { type ConfirmedDeleting, useConfirmedDelete } from '../use-confirmed-delete.ts';
import type { RuleFormProps } from './inline-rule-form.tsx';
import { RowButtons } from './row-actions.tsx';
import { RulesCards, TableOrCards } from './rules-cards.tsx';
import { type RuleListSectionProps, RulesSection } from './rules-section.tsx';
import { RulesTable } from './rules-table.tsx';

interface InlineRulesSectionProps<T extends { id: number }> extends RuleListSectionProps<T> {
  /** Each rule as a phone card. */
  card: {
    title(row: T): ReactNode;
    subtitle(row: T): ReactNode;
    figure(row: T): ReactNode;
    badge?(row: T): ReactNode;
  };
  deleting: ConfirmedDeleting<T>;
  /** The domain's inline form, shown above the list to those who may manage settings. */
  form: ComponentType<RuleFormProps<T>>;
  /** The rules' API path ('/base-salary'): a delete is previewed (its impact on pay) first. */
  impactPath?: string;
}

/**
 * A rules section edited in an inline form above its list (base salaries, adjustment factors):
 * Edit fills the form and tints the row, Cancel Edit or a save empties it again.
 */
export function InlineRulesSection<T extends { id: number }>({
  columns,
  minWidth,
  card,
  deleting,
  form: Form,
  impactPath,
  ...list
}: InlineRulesSectionProps<T>) {
  const canManage = useCanManageSettings();
  const impact = useImpactPreview();
  const [editing, setEditing] = useState<T | null>(null);
  const stopEdit = () => setEditing(null);
  const startEdit = (row: T) => {
    setEditing(row);
    // The form sits above the list; on a long list the user would not see it switch.
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  // Row buttons and the confirmation name the rule: 'Edit Senior / L2', not 15 identical 'Edit'.
  const nameOf = (row: T) =>
    [card.title(row), card.subtitle(row)].filter((part) => typeof part === 'string').join(' / ');
  const remove = useConfirmedDelete<T>({
    ...deleting,
    preview: impactPath
      ? (row) => impact.confirm({ method: 'DELETE', path: `${impactPath}/${row.id}` })
      : undefined,
    itemName: nameOf,
    onDeleted: (row) => {
      if (editing?.id === row.id) stopEdit();
    },
  });
  const actions = canManage
    ? (row: T) => (
        <RowButtons name={nameOf(row)} onEdit={() => startEdit(row)} onDelete={() => remove.ask(row)} />
      )
    : undefined;
  const highlightedId = editing?.id ?? null;

  return (
    <Stack gap="lg">
      {/* A new key per rule remounts the form, so it starts from that rule's values. */}
      {canManage ? <Form key={editing?.id ?? 'new'} editing={editing} onDone={stopEdit} /> : null}
      <RulesSection {...list} canManage={canManage}>
        {(rows) => (
          <TableOrCards
            table={
              <RulesTable
                rows={rows}
                columns={columns}
                minWidth={minWidth}
                actions={actions}
                highlightedId={highlightedId}
              />
            }
            cards={<RulesCards rows={rows} {...card} actions={actions} highlightedId={highlightedId} />}
          />
        )}
      </RulesSection>
      {canManage ? (
        <ConfirmDialog
          title={deleting.confirmTitle}
          message={deleting.confirmMessage}
          {...remove.confirmProps}
        />
      ) : null}
      {impactPath ? impact.dialog : null}
    </Stack>
  );
}

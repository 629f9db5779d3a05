import { Stack } from '@mantine/core';
import type { AdjustmentFactor } from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { IconLayersLinked } from '@tabler/icons-react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { RowButtons } from '../../components/rules-kit/row-actions.tsx';
import { RulesCards, TableOrCards } from '../../components/rules-kit/rules-cards.tsx';
import { RulesEmpty, RulesSection } from '../../components/rules-kit/rules-section.tsx';
import { type RuleColumn, RulesTable } from '../../components/rules-kit/rules-table.tsx';
import { useInlineEditing } from '../../components/rules-kit/use-inline-editing.ts';
import { useRuleDelete } from '../../components/rules-kit/use-rule-delete.ts';
import { useCanManageSettings } from '../../lib/permissions.ts';
import { AdjustmentFactorForm } from './adjustment-factor-form.tsx';
import { useDeleteAdjustmentFactor } from './api/delete-adjustment-factor.ts';
import { useAdjustmentFactors } from './api/get-adjustment-factors.ts';
import { formatFactor } from './factor-display.ts';
import { FactorTypeBadge } from './factor-type-badge.tsx';

// The factor's own: its type badge and the signed display (spec §3).
const COLUMNS: RuleColumn<AdjustmentFactor>[] = [
  { header: 'Job', kind: 'name', cell: (factor) => factor.job.name },
  { header: 'Position', cell: (factor) => factor.position.name },
  { header: 'Type', kind: 'fit', cell: (factor) => <FactorTypeBadge type={factor.type} /> },
  { header: 'Factor', kind: 'amount', cell: (factor) => formatFactor(factor.type, factor.factor) },
];

/** Settings → Adjustment Factors (spec §2): inline create/edit form above the job × position list. */
export default function AdjustmentFactorsSection() {
  const canManage = useCanManageSettings();
  const factors = useAdjustmentFactors();
  const { editing, startEdit, stopEdit } = useInlineEditing<AdjustmentFactor>();
  const remove = useRuleDelete<AdjustmentFactor>({
    mutation: useDeleteAdjustmentFactor(),
    deleted: 'Adjustment factor deleted successfully',
    failed: 'Failed to delete adjustment factor',
    onDeleted: (factor) => {
      if (editing?.id === factor.id) stopEdit();
    },
  });
  const actions = canManage
    ? (factor: AdjustmentFactor) => (
        <RowButtons onEdit={() => startEdit(factor)} onDelete={() => remove.ask(factor)} />
      )
    : undefined;
  const highlightedId = editing?.id ?? null;

  return (
    <Stack gap="lg">
      {canManage ? (
        <AdjustmentFactorForm key={editing?.id ?? 'new'} editing={editing} onDone={stopEdit} />
      ) : null}
      <RulesSection
        title="Adjustment Factors"
        description="Percentages or fixed amounts applied to the base salary per job and position."
        query={factors}
        what="adjustment factors"
        failureMessage="Failed to fetch data"
        empty={
          <RulesEmpty
            icon={IconLayersLinked}
            title="No adjustment factors yet"
            description={
              canManage
                ? 'Without a factor a position earns its plain base salary.'
                : 'Adjustment factors appear here once someone with edit rights adds them.'
            }
          />
        }
      >
        {(rows) => (
          <TableOrCards
            table={
              <RulesTable
                rows={rows}
                columns={COLUMNS}
                minWidth={640}
                actions={actions}
                highlightedId={highlightedId}
              />
            }
            cards={
              <RulesCards
                rows={rows}
                title={(factor) => factor.position.name}
                subtitle={(factor) => factor.job.name}
                figure={(factor) => formatFactor(factor.type, factor.factor)}
                badge={(factor) => <FactorTypeBadge type={factor.type} />}
                actions={actions}
                highlightedId={highlightedId}
              />
            }
          />
        )}
      </RulesSection>
      {canManage ? (
        <ConfirmDialog
          title="Delete adjustment factor"
          message="Are you sure you want to delete this adjustment factor?"
          {...remove.confirmProps}
        />
      ) : null}
    </Stack>
  );
}

import { Stack } from '@mantine/core';
import type { BaseSalary } from '@salary/shared/base-salaries/base-salaries.contract';
import { formatMoney } from '@salary/shared/common/money';
import { IconCoin } from '@tabler/icons-react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { RowButtons } from '../../components/rules-kit/row-actions.tsx';
import { RulesCards, TableOrCards } from '../../components/rules-kit/rules-cards.tsx';
import { RulesEmpty, RulesSection } from '../../components/rules-kit/rules-section.tsx';
import { type RuleColumn, RulesTable } from '../../components/rules-kit/rules-table.tsx';
import { useInlineEditing } from '../../components/rules-kit/use-inline-editing.ts';
import { useRuleDelete } from '../../components/rules-kit/use-rule-delete.ts';
import { useCanManageSettings } from '../../lib/permissions.ts';
import { useDeleteBaseSalary } from './api/delete-base-salary.ts';
import { useBaseSalaries } from './api/get-base-salaries.ts';
import { BaseSalaryForm } from './base-salary-form.tsx';

const COLUMNS: RuleColumn<BaseSalary>[] = [
  { header: 'Grade', kind: 'name', cell: (row) => row.grade.name },
  { header: 'Level', cell: (row) => row.level.name },
  { header: 'Amount', kind: 'amount', cell: (row) => formatMoney(row.amount) },
];

/** Settings → Base Salaries (spec §2): inline create/edit form above the grade × level list. */
export default function BaseSalariesSection() {
  const canManage = useCanManageSettings();
  const baseSalaries = useBaseSalaries();
  const { editing, startEdit, stopEdit } = useInlineEditing<BaseSalary>();
  const remove = useRuleDelete<BaseSalary>({
    mutation: useDeleteBaseSalary(),
    deleted: 'Base salary deleted successfully',
    failed: 'Failed to delete base salary',
    onDeleted: (row) => {
      if (editing?.id === row.id) stopEdit();
    },
  });
  const actions = canManage
    ? (row: BaseSalary) => <RowButtons onEdit={() => startEdit(row)} onDelete={() => remove.ask(row)} />
    : undefined;
  const highlightedId = editing?.id ?? null;

  return (
    <Stack gap="lg">
      {canManage ? <BaseSalaryForm key={editing?.id ?? 'new'} editing={editing} onDone={stopEdit} /> : null}
      <RulesSection
        title="Base Salaries"
        description="The starting salary for each grade and level."
        query={baseSalaries}
        what="base salaries"
        failureMessage="Failed to fetch data"
        empty={
          <RulesEmpty
            icon={IconCoin}
            title="No base salaries yet"
            description={
              canManage
                ? 'Pick a grade and a level above and set their base salary.'
                : 'Base salaries appear here once someone with edit rights sets them.'
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
                minWidth={480}
                actions={actions}
                highlightedId={highlightedId}
              />
            }
            cards={
              <RulesCards
                rows={rows}
                title={(row) => row.grade.name}
                subtitle={(row) => row.level.name}
                figure={(row) => formatMoney(row.amount)}
                actions={actions}
                highlightedId={highlightedId}
              />
            }
          />
        )}
      </RulesSection>
      {canManage ? (
        <ConfirmDialog
          title="Delete base salary"
          message="Are you sure you want to delete this base salary?"
          {...remove.confirmProps}
        />
      ) : null}
    </Stack>
  );
}

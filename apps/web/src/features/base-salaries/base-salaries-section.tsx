import type { BaseSalary } from '@salary/shared/base-salaries/base-salaries.contract';
import { formatMoney } from '@salary/shared/common/money';
import { IconCoin } from '@tabler/icons-react';
import { InlineRulesSection } from '../../components/rules-kit/inline-rules-section.tsx';
import { RulesEmpty } from '../../components/rules-kit/rules-section.tsx';
import type { RuleColumn } from '../../components/rules-kit/rules-table.tsx';
import { useCanManageSettings } from '../../lib/permissions.ts';
import { useDeleteBaseSalary } from './api/delete-base-salary.ts';
import { useBaseSalaries } from './api/get-base-salaries.ts';
import { BaseSalaryForm } from './base-salary-form.tsx';

const COLUMNS: RuleColumn<BaseSalary>[] = [
  { header: 'Grade', kind: 'name', cell: (row) => row.grade.name },
  { header: 'Level', cell: (row) => row.level.name },
  { header: 'Amount', kind: 'amount', cell: (row) => formatMoney(row.amount) },
];

const CARD = {
  title: (row: BaseSalary) => row.grade.name,
  subtitle: (row: BaseSalary) => row.level.name,
  figure: (row: BaseSalary) => formatMoney(row.amount),
};

/** Settings → Base Salaries (spec §2): inline create/edit form above the grade × level list. */
export default function BaseSalariesSection() {
  const canManage = useCanManageSettings();
  const baseSalaries = useBaseSalaries();
  const deleteBaseSalary = useDeleteBaseSalary();
  return (
    <InlineRulesSection
      title="Base Salaries"
      description="The starting salary for each grade and level."
      canManage={canManage}
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
      columns={COLUMNS}
      minWidth={480}
      card={CARD}
      deleting={{
        mutation: deleteBaseSalary,
        deleted: 'Base salary deleted successfully',
        failed: 'Failed to delete base salary',
        confirmTitle: 'Delete base salary',
        confirmMessage: 'Are you sure you want to delete this base salary?',
      }}
      form={BaseSalaryForm}
    />
  );
}

import { SegmentedControl, Stack } from '@mantine/core';
import type { BaseSalary } from '@salary/shared/base-salaries/base-salaries.contract';
import { IconCoin } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { InlineRulesSection } from '../../components/rules-kit/inline-rules-section.tsx';
import { deleteMessages } from '../../components/rules-kit/rule-messages.ts';
import type { RuleColumn } from '../../components/rules-kit/rules-table.tsx';
import { ScheduledRuleNote } from '../../components/scheduled-rule-note.tsx';
import { SectionLoader } from '../../components/section-loader.tsx';
import { SectionPanel } from '../../components/section-panel.tsx';
import { formatMoney } from '../../lib/company-format.tsx';
import { useCanManageSettings } from '../../lib/permissions.ts';
import { useGrades } from '../../lib/salary-rules/get-grades.ts';
import { useLevels } from '../../lib/salary-rules/get-levels.ts';
import { useDeleteBaseSalary } from './api/delete-base-salary.ts';
import { useBaseSalaries } from './api/get-base-salaries.ts';
import { BaseSalaryForm } from './base-salary-form.tsx';
import { BaseSalaryGrid } from './base-salary-grid.tsx';
import { SalaryBandsPanel } from './salary-bands-panel.tsx';

/** Today's amount, and under it any change waiting for its day ("from Jan 1, 2027: 5,150.00"). */
const amountCell = (row: BaseSalary) => (
  <>
    {formatMoney(row.amount)}
    <ScheduledRuleNote kind="baseSalary" subject={`${row.grade.name} / ${row.level.name}`} />
  </>
);

/** The band in force around the amount: "4,500.00 – 5,500.00". */
export const bandText = (row: BaseSalary) => `${formatMoney(row.band.min)} – ${formatMoney(row.band.max)}`;

const COLUMNS: RuleColumn<BaseSalary>[] = [
  { header: 'Grade', kind: 'name', cell: (row) => row.grade.name },
  { header: 'Level', cell: (row) => row.level.name },
  { header: 'Amount', kind: 'amount', cell: amountCell },
  { header: 'Band', cell: (row) => bandText(row) },
];

const CARD = {
  title: (row: BaseSalary) => row.grade.name,
  subtitle: (row: BaseSalary) => row.level.name,
  figure: amountCell,
};

type View = 'list' | 'grid' | 'bands';
const VIEWS: readonly View[] = ['list', 'grid', 'bands'];

/**
 * Settings → Base Salaries: the spec's inline create/edit form above the grade × level list,
 * and beside it a Grid view (?view=grid) to enter the whole matrix at once.
 */
export default function BaseSalariesSection() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('view') as View | null;
  const view: View = asked && VIEWS.includes(asked) ? asked : 'list';
  const setView = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'list') updated.delete('view');
        else updated.set('view', next);
        return updated;
      },
      { replace: true },
    );
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Base salaries view"
        value={view}
        onChange={setView}
        data={[
          { value: 'list', label: 'List' },
          { value: 'grid', label: 'Grid' },
          { value: 'bands', label: 'Bands' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {view === 'grid' ? <GridView /> : view === 'bands' ? <BandsView /> : <ListView />}
    </Stack>
  );
}

function GridView() {
  const canManage = useCanManageSettings();
  const baseSalaries = useBaseSalaries();
  const grades = useGrades({ refetchOnMount: 'always' });
  const levels = useLevels({ refetchOnMount: 'always' });
  return (
    <SectionPanel
      title="Base Salaries"
      description="Grades down, levels across: the base salary of each pair."
    >
      {baseSalaries.data && grades.data && levels.data ? (
        <BaseSalaryGrid
          grades={grades.data}
          levels={levels.data}
          stored={baseSalaries.data}
          canManage={canManage}
        />
      ) : (
        <SectionLoader />
      )}
    </SectionPanel>
  );
}

function BandsView() {
  const canManage = useCanManageSettings();
  const baseSalaries = useBaseSalaries();
  const grades = useGrades({ refetchOnMount: 'always' });
  return (
    <SectionPanel
      title="Salary Bands"
      description="The range around each base salary, its middle: from a grade's spread, or a minimum and maximum of its own."
    >
      {baseSalaries.data && grades.data ? (
        <SalaryBandsPanel grades={grades.data} stored={baseSalaries.data} canManage={canManage} />
      ) : (
        <SectionLoader />
      )}
    </SectionPanel>
  );
}

function ListView() {
  return (
    <InlineRulesSection
      title="Base Salaries"
      description="The starting salary for each grade and level."
      query={useBaseSalaries()}
      failureMessage="Failed to fetch data"
      empty={{
        icon: IconCoin,
        manage: 'Pick a grade and a level above and set their base salary.',
        added: 'sets',
      }}
      columns={COLUMNS}
      minWidth={480}
      card={CARD}
      deleting={{ mutation: useDeleteBaseSalary(), ...deleteMessages('Base salary') }}
      form={BaseSalaryForm}
      impactPath="/base-salary"
    />
  );
}

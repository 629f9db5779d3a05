import type { AdjustmentFactor } from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { IconLayersLinked } from '@tabler/icons-react';
import { InlineRulesSection } from '../../components/rules-kit/inline-rules-section.tsx';
import { deleteMessages } from '../../components/rules-kit/rule-messages.ts';
import type { RuleColumn } from '../../components/rules-kit/rules-table.tsx';
import { ScheduledRuleNote } from '../../components/scheduled-rule-note.tsx';
import { AdjustmentFactorForm } from './adjustment-factor-form.tsx';
import { useDeleteAdjustmentFactor } from './api/delete-adjustment-factor.ts';
import { useAdjustmentFactors } from './api/get-adjustment-factors.ts';
import { formatFactor } from './factor-display.ts';
import { FactorTypeBadge } from './factor-type-badge.tsx';

/** Today's factor, and under it any change waiting for its day ("from Jan 1, 2027: +12%"). */
const factorCell = (factor: AdjustmentFactor) => (
  <>
    {formatFactor(factor.type, factor.factor)}
    <ScheduledRuleNote
      kind="adjustmentFactor"
      subject={`${factor.job.name} / ${factor.position.name}`}
      factorType={factor.type}
    />
  </>
);

// The factor's own: its type badge and the signed display.
const COLUMNS: RuleColumn<AdjustmentFactor>[] = [
  { header: 'Job', kind: 'name', cell: (factor) => factor.job.name },
  { header: 'Position', cell: (factor) => factor.position.name },
  { header: 'Type', kind: 'fit', cell: (factor) => <FactorTypeBadge type={factor.type} /> },
  { header: 'Factor', kind: 'amount', cell: factorCell },
];

const CARD = {
  title: (factor: AdjustmentFactor) => factor.position.name,
  subtitle: (factor: AdjustmentFactor) => factor.job.name,
  figure: factorCell,
  badge: (factor: AdjustmentFactor) => <FactorTypeBadge type={factor.type} />,
};

/** Settings → Adjustment Factors: inline create/edit form above the job × position list. */
export default function AdjustmentFactorsSection() {
  return (
    <InlineRulesSection
      title="Adjustment Factors"
      description="Percentages or fixed amounts applied to the base salary per job and position."
      query={useAdjustmentFactors()}
      failureMessage="Failed to fetch data"
      empty={{ icon: IconLayersLinked, manage: 'Without a factor a position earns its plain base salary.' }}
      columns={COLUMNS}
      minWidth={640}
      card={CARD}
      deleting={{ mutation: useDeleteAdjustmentFactor(), ...deleteMessages('Adjustment factor') }}
      form={AdjustmentFactorForm}
      impactPath="/adjustment-factors"
    />
  );
}

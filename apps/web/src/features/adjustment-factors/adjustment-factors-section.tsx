import type { AdjustmentFactor } from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { IconLayersLinked } from '@tabler/icons-react';
import { InlineRulesSection } from '../../components/rules-kit/inline-rules-section.tsx';
import { deleteMessages } from '../../components/rules-kit/rule-messages.ts';
import { RulesEmpty } from '../../components/rules-kit/rules-section.tsx';
import type { RuleColumn } from '../../components/rules-kit/rules-table.tsx';
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

const CARD = {
  title: (factor: AdjustmentFactor) => factor.position.name,
  subtitle: (factor: AdjustmentFactor) => factor.job.name,
  figure: (factor: AdjustmentFactor) => formatFactor(factor.type, factor.factor),
  badge: (factor: AdjustmentFactor) => <FactorTypeBadge type={factor.type} />,
};

/** Settings → Adjustment Factors (spec §2): inline create/edit form above the job × position list. */
export default function AdjustmentFactorsSection() {
  const canManage = useCanManageSettings();
  const factors = useAdjustmentFactors();
  const deleteFactor = useDeleteAdjustmentFactor();
  return (
    <InlineRulesSection
      title="Adjustment Factors"
      description="Percentages or fixed amounts applied to the base salary per job and position."
      canManage={canManage}
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
      columns={COLUMNS}
      minWidth={640}
      card={CARD}
      deleting={{ mutation: deleteFactor, ...deleteMessages('Adjustment factor') }}
      form={AdjustmentFactorForm}
      impactPath="/adjustment-factors"
    />
  );
}

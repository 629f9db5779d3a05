import { Badge } from '@mantine/core';
import type { AdjustmentType } from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { ADJUSTMENT_TYPE_LABELS } from './factor-display.ts';

export function FactorTypeBadge({ type }: { type: AdjustmentType }) {
  return (
    <Badge
      variant="light"
      color={type === 'PERCENTAGE' ? 'indigo' : 'teal'}
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {ADJUSTMENT_TYPE_LABELS[type]}
    </Badge>
  );
}

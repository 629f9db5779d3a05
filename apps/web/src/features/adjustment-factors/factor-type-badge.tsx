import { Badge } from '@mantine/core';
import type { AdjustmentType } from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { ADJUSTMENT_TYPE_LABELS } from './factor-display.ts';

export function FactorTypeBadge({ type }: { type: AdjustmentType }) {
  return (
    <Badge
      variant="light"
      color={type === 'PERCENTAGE' ? 'indigo' : 'teal'}
      // Shade 9 text on the light tint: teal's stock light text is under 4.5:1 (axe).
      c={type === 'PERCENTAGE' ? 'indigo.9' : 'teal.9'}
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {ADJUSTMENT_TYPE_LABELS[type]}
    </Badge>
  );
}

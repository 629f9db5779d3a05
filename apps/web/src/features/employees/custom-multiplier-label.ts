import type { Settings } from '@salary/shared/settings/settings.contract';
import { formatMoney } from '../../lib/company-format.tsx';

type CustomMultiplier = Settings['customMultipliers'][number];

/** How much a custom multiplier adds, shown beside its checkbox: '+7.5%' or '+$250.00'. */
export function customMultiplierEffect({
  multiplier,
  type,
}: Pick<CustomMultiplier, 'multiplier' | 'type'>): string {
  const sign = multiplier < 0 ? '-' : '+';
  const size = Math.abs(multiplier);
  return type === 'PERCENTAGE' ? `${sign}${size}%` : `${sign}${formatMoney(size)}`;
}

export { BENEFIT_TYPE_LABELS, MULTIPLIER_TYPE_LABELS } from '@salary/shared/settings/settings-labels';
export {
  formatBenefitAmount,
  formatMultiplierValue,
  formatPercent,
} from '../../lib/company-format.tsx';

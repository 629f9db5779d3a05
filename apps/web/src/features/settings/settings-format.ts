export {
  BENEFIT_TYPE_LABELS,
  formatBenefitAmount,
  formatMultiplierValue,
  formatPercent,
  MULTIPLIER_TYPE_LABELS,
} from '@salary/shared/settings/settings-labels';

/** The factor's display lives in lib (Settings → Scheduled Changes names factor changes too). */
export { ADJUSTMENT_TYPE_LABELS, formatFactor } from '../../lib/salary-rules/factor-display.ts';

import {
  type CustomMultiplier,
  MULTIPLIER_TYPES,
  type MultiplierType,
  SETTINGS_LIMITS,
  TEMP_ID_PREFIX,
} from '@salary/shared/settings/settings.contract';
import type { NumberInputValue } from '../../lib/number-input-value.ts';
import { MULTIPLIER_TYPE_LABELS } from './settings-format.ts';

export const MULTIPLIER_TYPE_OPTIONS = MULTIPLIER_TYPES.map((value) => ({
  value,
  label: MULTIPLIER_TYPE_LABELS[value],
}));

/** The input's lower bound (spec §5); a percentage is also capped at +100. */
export const PERCENT_MIN = -SETTINGS_LIMITS.maxPercent;
export const PERCENT_MAX = SETTINGS_LIMITS.maxPercent;

/**
 * Spec §5/§9: a percentage multiplier is kept within -100..100 as it is typed (150 becomes 100).
 * Half-typed text ('-', '') passes untouched, and fixed amounts are not percentages.
 */
export function clampMultiplier(value: NumberInputValue, type: MultiplierType): NumberInputValue {
  if (typeof value !== 'number' || type !== 'PERCENTAGE') return value;
  return Math.min(PERCENT_MAX, Math.max(PERCENT_MIN, value));
}

/**
 * The value input of a multiplier of this type (base or custom): a percentage between the bounds
 * with a % after it, a fixed amount with a $ before it, kept in range as it is typed.
 */
export function multiplierInput(type: MultiplierType) {
  const percent = type === 'PERCENTAGE';
  return {
    min: percent ? PERCENT_MIN : undefined,
    max: percent ? PERCENT_MAX : undefined,
    step: 0.01,
    decimalScale: 2,
    clampBehavior: 'none' as const,
    leftSection: percent ? undefined : '$',
    rightSection: percent ? '%' : undefined,
    rightSectionPointerEvents: 'none' as const,
    hideControls: true,
    toValue: (value: NumberInputValue) => clampMultiplier(value, type),
  };
}

let sequence = 0;

/**
 * A client-side id for a custom multiplier not saved yet; the server swaps it for a stable one
 * on Save All Changes. Not crypto.randomUUID: that exists only on https or localhost.
 */
export function temporaryId(): string {
  sequence += 1;
  return `${TEMP_ID_PREFIX}${Date.now().toString(36)}-${sequence}`;
}

/** Adds a new custom multiplier (no id yet) or replaces the one with the same id. */
export function upsertCustomMultiplier(
  list: readonly CustomMultiplier[],
  values: Omit<CustomMultiplier, 'id'>,
  id: string | null,
): CustomMultiplier[] {
  if (id === null) return [...list, { id: temporaryId(), ...values }];
  return list.map((m) => (m.id === id ? { id, ...values } : m));
}

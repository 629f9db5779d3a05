import {
  type CustomMultiplier,
  MULTIPLIER_TYPES,
  type MultiplierType,
  SETTINGS_LIMITS,
  TEMP_ID_PREFIX,
} from '@salary/shared/settings/settings.contract';
import { currencySymbol } from '../../lib/company-format.tsx';
import { MULTIPLIER_TYPE_LABELS } from './settings-format.ts';

export const MULTIPLIER_TYPE_OPTIONS = MULTIPLIER_TYPES.map((value) => ({
  value,
  label: MULTIPLIER_TYPE_LABELS[value],
}));

/** The bounds of a percentage multiplier (the form's schema says when a value is outside). */
export const PERCENT_MIN = -SETTINGS_LIMITS.maxPercent;
export const PERCENT_MAX = SETTINGS_LIMITS.maxPercent;

/**
 * The value input of a multiplier of this type (base or custom): a percentage between the bounds
 * with a % after it, a fixed amount with a $ before it. What is typed stays as typed; the form's
 * schema reports a value out of range or with more than 2 decimals.
 */
export function multiplierInput(type: MultiplierType) {
  const percent = type === 'PERCENTAGE';
  return {
    min: percent ? PERCENT_MIN : undefined,
    max: percent ? PERCENT_MAX : undefined,
    step: 0.01,
    leftSection: percent ? undefined : currencySymbol(),
    rightSection: percent ? '%' : undefined,
    rightSectionPointerEvents: 'none' as const,
    hideControls: true,
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

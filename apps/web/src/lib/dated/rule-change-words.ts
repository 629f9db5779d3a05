import type { AdjustmentType } from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import type { ScheduledChangeKind } from '@salary/shared/employees/dated.contract';
import {
  BASE_MULTIPLIERS,
  type BenefitType,
  type MultiplierType,
  type Settings,
  type SocialInsuranceType,
} from '@salary/shared/settings/settings.contract';
import { SETTINGS_FIELD_LABELS, SOCIAL_INSURANCE_TYPE_LABELS } from '@salary/shared/settings/settings-labels';
import {
  formatBenefitAmount,
  formatMoney,
  formatMultiplierValue,
  formatNumber,
  formatPercent,
} from '../company-format.tsx';
import { ADJUSTMENT_TYPE_LABELS, formatFactor } from '../salary-rules/factor-display.ts';
import type { FieldMove } from './change-words.ts';

/*
 * A scheduled rule change in words: a base salary's amount, a factor's type and value, the
 * settings' fields, each read the way its own form shows it.
 */

type RuleKind = Exclude<ScheduledChangeKind, 'employee'>;

/** What the words need besides the change: today's settings (a multiplier's type), a factor's type. */
export interface RuleWordsContext {
  settings?: Pick<Settings, (typeof BASE_MULTIPLIERS)[number]['typeKey']>;
  /** The factor's type today, for a change of its value alone. */
  factorType?: AdjustmentType;
}

const NONE = 'none';

const side = (move: FieldMove | undefined, which: 'before' | 'after') => move?.[which];

/** JSON lists arrive as lists or as the JSON strings the PUT body carries. */
function listOf(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }
  return null;
}

const isAdjustmentType = (value: unknown): value is AdjustmentType =>
  value === 'PERCENTAGE' || value === 'FIXED';

/** A base salary's amount: '5,150.00', null: none. */
export function amountWords(value: unknown): string {
  return typeof value === 'number' ? formatMoney(value) : NONE;
}

/** A factor's value with its type: '+12%', '+150.00'; null: none (removed). */
export function factorWords(value: unknown, type: unknown): string {
  if (typeof value !== 'number') return NONE;
  return isAdjustmentType(type) ? formatFactor(type, value) : formatNumber(value);
}

function settingsValueWords(
  field: string,
  value: unknown,
  moves: readonly FieldMove[],
  which: 'before' | 'after',
  context: RuleWordsContext,
): string {
  if (value === null || value === undefined) return '—';
  const multiplier = BASE_MULTIPLIERS.find((m) => m.key === field);
  if (multiplier && typeof value === 'number') {
    const typeMove = moves.find((m) => m.field === multiplier.typeKey);
    const type = (side(typeMove, which) ?? context.settings?.[multiplier.typeKey]) as
      | MultiplierType
      | undefined;
    return type ? formatMultiplierValue(value, type) : formatNumber(value);
  }
  if (BASE_MULTIPLIERS.some((m) => m.typeKey === field) && typeof value === 'string')
    return value === 'PERCENTAGE' ? 'Percentage' : value === 'FIXED' ? 'Fixed Amount' : value;
  if (field === 'benefits') {
    const list = listOf(value) as { name?: string; amount?: number; type?: BenefitType }[] | null;
    if (!list) return String(value);
    if (list.length === 0) return 'None';
    return list
      .map((b) =>
        typeof b.amount === 'number' && b.type
          ? `${b.name} ${formatBenefitAmount(b.amount, b.type)}`
          : `${b.name}`,
      )
      .join(', ');
  }
  if (field === 'customMultipliers') {
    const list = listOf(value) as { title?: string }[] | null;
    if (!list) return String(value);
    return list.length ? list.map((m) => m.title ?? '').join(', ') : 'None';
  }
  if (field === 'socialInsuranceEnabled') return value === true || value === 1 ? 'On' : 'Off';
  if (field === 'socialInsuranceType' && typeof value === 'string')
    return SOCIAL_INSURANCE_TYPE_LABELS[value as SocialInsuranceType] ?? value;
  if (field.endsWith('Percentage') && typeof value === 'number') return formatPercent(value);
  if (typeof value === 'number') return formatNumber(value);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A base salary cell's fields as its rows say them: the amount, then its band's. */
const BASE_SALARY_FIELDS: Record<string, string> = {
  amount: 'Amount',
  bandSpread: 'Band spread',
  bandMin: 'Band minimum',
  bandMax: 'Band maximum',
};

/** 'Amount 5,000.00 → 5,150.00'; 'Band spread ±10% (default) → ±15%'; 'Band maximum from the spread → 5,200.00'. */
function baseSalaryMoveWords(move: FieldMove): string {
  const label = BASE_SALARY_FIELDS[move.field] ?? move.field;
  const words = (value: unknown) => {
    if (move.field === 'bandSpread')
      return typeof value === 'number' ? `±${formatPercent(value)}` : '±10% (default)';
    if (move.field === 'bandMin' || move.field === 'bandMax')
      return typeof value === 'number' ? formatMoney(value) : 'from the spread';
    return amountWords(value);
  };
  return `${label} ${words(move.before)} → ${words(move.after)}`;
}

function moveWordsOf(
  kind: RuleKind,
  move: FieldMove,
  moves: readonly FieldMove[],
  context: RuleWordsContext,
) {
  if (kind === 'baseSalary') return baseSalaryMoveWords(move);
  if (kind === 'adjustmentFactor') {
    const typeMove = moves.find((m) => m.field === 'type');
    if (move.field === 'type') {
      const label = (v: unknown) => (isAdjustmentType(v) ? ADJUSTMENT_TYPE_LABELS[v] : NONE);
      return `Type ${label(move.before)} → ${label(move.after)}`;
    }
    const typeBefore = side(typeMove, 'before') ?? context.factorType;
    const typeAfter = side(typeMove, 'after') ?? context.factorType;
    return `Factor ${factorWords(move.before, typeBefore)} → ${factorWords(move.after, typeAfter)}`;
  }
  const label = SETTINGS_FIELD_LABELS[move.field] ?? move.field;
  return `${label} ${settingsValueWords(move.field, move.before, moves, 'before', context)} → ${settingsValueWords(move.field, move.after, moves, 'after', context)}`;
}

/** Every move of a rule change, joined: 'Amount 5,000.00 → 5,150.00'; 'Experience multiplier 5% → 7%'. */
export function ruleChangeWords(
  kind: RuleKind,
  moves: readonly FieldMove[],
  context: RuleWordsContext = {},
): string {
  // A field sent unchanged (a factor's type beside its value) only helps read the others.
  const moved = moves.filter((m) => JSON.stringify(m.before) !== JSON.stringify(m.after));
  return moved.map((move) => moveWordsOf(kind, move, moves, context)).join('; ');
}

/**
 * What a rule is worth from the change's day, as its row shows it: a base salary's amount, a
 * factor's value ('+12%'), 'removed' when the change deletes it.
 */
export function ruleValueFrom(
  kind: 'baseSalary' | 'adjustmentFactor',
  moves: readonly FieldMove[],
  context: RuleWordsContext = {},
): string {
  if (kind === 'baseSalary') {
    const amount = moves.find((m) => m.field === 'amount');
    if (amount?.after === null) return 'removed';
    // Only its band moves: the band's words say what.
    if (!amount) return ruleChangeWords(kind, moves, context);
    return amountWords(amount.after);
  }
  const factor = moves.find((m) => m.field === 'factor');
  const type = moves.find((m) => m.field === 'type');
  if (factor?.after === null || type?.after === null) return 'removed';
  const typeAfter = side(type, 'after') ?? context.factorType;
  if (!factor) return isAdjustmentType(typeAfter) ? ADJUSTMENT_TYPE_LABELS[typeAfter] : NONE;
  return factorWords(factor.after, typeAfter);
}

import { EMPLOYEE_FIELDS } from '@salary/shared/employees/employee-fields';
import { formatCount } from '../company-format.tsx';

/** One dated field a change moves, as the API names it, with its value before and after. */
export interface FieldMove {
  field: string;
  before: unknown;
  after: unknown;
}

/** Names by id, per referenced list (jobs, positions, grades, levels, custom multipliers). */
export interface ChangeNames {
  technologyId?: ReadonlyMap<number, string>;
  specializationId?: ReadonlyMap<number, string>;
  gradeId?: ReadonlyMap<number, string>;
  levelId?: ReadonlyMap<number, string>;
  customMultipliers?: ReadonlyMap<string, string>;
}

const LABELS: Record<string, string> = {
  ...Object.fromEntries(EMPLOYEE_FIELDS.map((f) => [f.wire, f.label])),
  customMultipliers: 'Custom Multipliers',
};

function valueWords(field: string, value: unknown, names: ChangeNames): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'customMultipliers' && Array.isArray(value))
    return value.length
      ? value.map((id) => names.customMultipliers?.get(String(id)) ?? String(id)).join(', ')
      : 'None';
  const byId = names[field as keyof Omit<ChangeNames, 'customMultipliers'>];
  if (byId && typeof value === 'number') return byId.get(value) ?? `#${value}`;
  if (typeof value === 'number') return formatCount(value);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** "Grade Senior → Lead": the field's label, then its value before and after, by name. */
export function moveWords(move: FieldMove, names: ChangeNames): string {
  const label = LABELS[move.field] ?? move.field;
  return `${label} ${valueWords(move.field, move.before, names)} → ${valueWords(move.field, move.after, names)}`;
}

/** Every move of one change, joined: "Grade Senior → Lead; Remote No → Yes". */
export function changeWords(moves: readonly FieldMove[], names: ChangeNames): string {
  return moves.map((m) => moveWords(m, names)).join('; ');
}

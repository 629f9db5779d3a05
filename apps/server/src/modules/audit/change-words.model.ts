import type { AuditChange } from '@salary/shared/audit/audit.contract';
import { formatDay } from '@salary/shared/common/date-time';
import { DEFAULT_MONEY_FORMAT, formatMoney, type MoneyFormat } from '@salary/shared/common/money';
import {
  type Actor,
  can,
  canReadMoneyRules,
  canReadPersonalData,
  PERMISSION_LABELS,
  type PermissionKey,
} from '@salary/shared/common/permissions';
import { COMPANY_FIELD_LABELS } from '@salary/shared/company/company.contract';
import { ALLOWANCE_NAME, type AllowanceType } from '@salary/shared/employees/allowance.contract';
import { EMPLOYEE_FIELDS } from '@salary/shared/employees/employee-fields';
import { PAY_REQUEST_FIELD_LABELS } from '@salary/shared/pay-requests/pay-requests.contract';
import {
  BASE_MULTIPLIERS,
  type BenefitType,
  type MultiplierType,
} from '@salary/shared/settings/settings.contract';
import {
  BENEFIT_TYPE_LABELS,
  formatBenefitAmount,
  formatMultiplierValue,
  formatPercent,
  MULTIPLIER_TYPE_LABELS,
  SETTINGS_FIELD_LABELS,
  SOCIAL_INSURANCE_TYPE_LABELS,
} from '@salary/shared/settings/settings-labels';

/*
 * Describes a stored change — a field key with its value before and after — in the words of
 * the form that made it, names resolved from ids, for one viewer: "Level: Senior → Mid",
 * "Custom multiplier added: On-call, $150.00 fixed". Every text about a change the server
 * answers (the Audit Log's summaries and change lists, pay-history causes, the export's Pay
 * History sheet) is written here.
 *
 * What a viewer may read decides what a text says, with the same rules the routes use:
 * amounts of money rules (base salaries, adjustment factors, multiplier values, benefit
 * amounts, insurance percentages) only for money-rules readers (`canReadMoneyRules`, the check
 * of GET /api/base-salary, /api/adjustment-factors and the settings values); for anyone else
 * the text names what changed ("Base salary Junior / L1: Amount changed"). A personal field
 * (gender) is left out for a viewer who may not read personal data.
 */

export interface Viewer {
  /** Amounts of money rules: base salaries, factors, multiplier values, benefits, insurance. */
  moneyRules: boolean;
  /** Personal data (gender). */
  personal: boolean;
  /** An employee's own pay (its individual allowance): Show Calculated Salary. */
  salary?: boolean;
}

export const viewerOf = (actor: Pick<Actor, 'isAdmin' | 'permissions'>): Viewer => ({
  moneyRules: canReadMoneyRules(actor),
  personal: canReadPersonalData(actor),
  salary: can(actor, 'showSalary'),
});

/** Names of what changes refer to by id, as they are now. */
export interface Names {
  jobs: Map<number, string>;
  positions: Map<number, string>;
  grades: Map<number, string>;
  levels: Map<number, string>;
  /** Custom multipliers by id: title and type as configured now. */
  customMultipliers: Map<string, { title: string; type: MultiplierType }>;
  /** The base multipliers' types as configured now, by value key (experienceMultiplier). */
  multiplierTypes: Partial<Record<string, MultiplierType>>;
  /** How amounts read: the company's currency and digits, as they are now. */
  format: MoneyFormat;
}

/** No names known yet: empty maps of its own to fill, and the default money format. */
export function emptyNames(): Names {
  const [jobs, positions, grades, levels] = [new Map(), new Map(), new Map(), new Map()];
  return {
    jobs,
    positions,
    grades,
    levels,
    customMultipliers: new Map(),
    multiplierTypes: {},
    format: DEFAULT_MONEY_FORMAT,
  };
}

export const NO_NAMES: Names = emptyNames();

type Table = 'jobs' | 'positions' | 'grades' | 'levels';

const REFERENCE_FIELDS: Record<string, { label: string; table: Table }> = {
  technologyId: { label: 'Job', table: 'jobs' },
  jobId: { label: 'Job', table: 'jobs' },
  specializationId: { label: 'Position', table: 'positions' },
  positionId: { label: 'Position', table: 'positions' },
  gradeId: { label: 'Grade', table: 'grades' },
  levelId: { label: 'Level', table: 'levels' },
};

const EMPLOYEE_BY_WIRE = new Map<string, (typeof EMPLOYEE_FIELDS)[number]>(
  EMPLOYEE_FIELDS.map((f) => [f.wire, f]),
);

const BASE_MULTIPLIER_OF_VALUE = new Map<string, (typeof BASE_MULTIPLIERS)[number]>(
  BASE_MULTIPLIERS.map((m) => [m.key, m]),
);
const BASE_MULTIPLIER_OF_TYPE = new Map<string, (typeof BASE_MULTIPLIERS)[number]>(
  BASE_MULTIPLIERS.map((m) => [m.typeKey, m]),
);

/** Words for the other records' fields (users, jobs, positions, levels, justifications, pay requests). */
const OTHER_LABELS: Record<string, string> = {
  name: 'Name',
  email: 'Email',
  isAdmin: 'Administrator',
  order: 'Order',
  text: 'Justification',
  manager: 'Manager',
  employee: 'Employee',
  ...PAY_REQUEST_FIELD_LABELS,
  ...(PERMISSION_LABELS as Record<PermissionKey, string>),
};

const yesNo = (v: unknown) => (v === true ? 'Yes' : v === false ? 'No' : '—');
const isNothing = (v: unknown) => v === null || v === undefined;

/** "someFieldKey" → "Some field key": the last resort for a field no table names. */
function humanKey(key: string): string {
  const words = key
    .replace(/[._]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value no table names: text as is (constants in words), numbers, Yes/No. */
function plainValue(v: unknown): string {
  if (isNothing(v)) return '—';
  if (typeof v === 'boolean') return yesNo(v);
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return /^[A-Z][A-Z0-9_]+$/.test(v) ? humanKey(v.toLowerCase()) : v;
  return Array.isArray(v) ? `${v.length} item${v.length === 1 ? '' : 's'}` : 'changed';
}

/** "Label: before → after", or "Label: after" for something new. */
const moved = (label: string, before: string | null, after: string) =>
  before === null ? `${label}: ${after}` : `${label}: ${before} → ${after}`;

function referenceName(names: Names, table: Table, id: unknown): string {
  if (isNothing(id)) return '—';
  return names[table].get(Number(id)) ?? `a deleted ${table.slice(0, -1)}`;
}

function multiplierTitles(names: Names, ids: unknown): string {
  if (!Array.isArray(ids) || ids.length === 0) return 'none';
  return ids
    .map((id) => names.customMultipliers.get(String(id))?.title ?? 'a deleted custom multiplier')
    .join(', ');
}

interface StoredAllowance {
  type: AllowanceType;
  value: number;
  reason: string;
}

/** "Individual allowance: none → $150.00 a month (Retention)"; only Show Calculated Salary reads what it is. */
function allowanceChange(c: AuditChange, viewer: Viewer, { format }: Names): string {
  if (!viewer.salary) return `${ALLOWANCE_NAME} changed`;
  const text = (v: unknown) => {
    if (isNothing(v)) return 'none';
    const a = v as StoredAllowance;
    const amount =
      a.type === 'FIXED'
        ? `${formatMoney(a.value, format)} a month`
        : `${formatPercent(a.value, format)} of base`;
    return `${amount} (${a.reason})`;
  };
  return moved(ALLOWANCE_NAME, text(c.before), text(c.after));
}

/** An employee's field, as the employee form and sheet label it. */
function employeeChange(c: AuditChange, viewer: Viewer, names: Names): string | null {
  if (c.field === 'allowance') return allowanceChange(c, viewer, names);
  if (c.field === 'excludedBenefits') {
    const text = (v: unknown) => (Array.isArray(v) && v.length ? v.join(', ') : 'none');
    return moved('Benefits not received', isNothing(c.before) ? null : text(c.before), text(c.after));
  }
  if (c.field === 'customMultipliers') {
    const before = c.before === null ? null : multiplierTitles(names, c.before);
    return moved('Custom multipliers', before, multiplierTitles(names, c.after));
  }
  const field = EMPLOYEE_BY_WIRE.get(c.field);
  if (!field) return otherChange(c, viewer, names);
  if ('personal' in field && field.personal && !viewer.personal) return null;
  const text = (v: unknown): string => {
    if (isNothing(v)) return '—';
    switch (field.kind) {
      case 'reference':
        return referenceName(names, field.reference.table as Table, v);
      case 'flag':
        return yesNo(v);
      case 'choice':
        return (field.choiceLabels as Record<string, string>)[String(v)] ?? String(v);
      default:
        return String(v);
    }
  };
  return moved(field.label, c.before === null ? null : text(c.before), text(c.after));
}

interface StoredMultiplier {
  id: string;
  title: string;
  multiplier: number;
  type: MultiplierType;
}
interface StoredBenefit {
  name: string;
  amount: number;
  type: BenefitType;
}

const multiplierValue = (m: StoredMultiplier, format: MoneyFormat) =>
  m.type === 'FIXED' ? `${formatMoney(m.multiplier, format)} fixed` : formatPercent(m.multiplier, format);

function customMultiplierChanges(c: AuditChange, viewer: Viewer, { format }: Names): string[] {
  const before = (Array.isArray(c.before) ? c.before : []) as StoredMultiplier[];
  const after = (Array.isArray(c.after) ? c.after : []) as StoredMultiplier[];
  const was = new Map(before.map((m) => [m.id, m]));
  const now = new Set(after.map((m) => m.id));
  const texts: string[] = [];
  for (const m of after) {
    const old = was.get(m.id);
    if (!old) {
      texts.push(
        `Custom multiplier added: ${m.title}${viewer.moneyRules ? `, ${multiplierValue(m, format)}` : ''}`,
      );
      continue;
    }
    if (old.title !== m.title) texts.push(`Custom multiplier renamed: ${old.title} → ${m.title}`);
    if (old.multiplier === m.multiplier && old.type === m.type) continue;
    if (viewer.moneyRules)
      texts.push(
        `Custom multiplier ${m.title}: ${multiplierValue(old, format)} → ${multiplierValue(m, format)}`,
      );
    else if (old.type !== m.type)
      texts.push(
        `Custom multiplier ${m.title}: ${MULTIPLIER_TYPE_LABELS[old.type]} → ${MULTIPLIER_TYPE_LABELS[m.type]}`,
      );
    else texts.push(`Custom multiplier ${m.title}: value changed`);
  }
  for (const m of before) if (!now.has(m.id)) texts.push(`Custom multiplier removed: ${m.title}`);
  return texts;
}

function benefitChanges(c: AuditChange, viewer: Viewer, { format }: Names): string[] {
  const key = (b: StoredBenefit) => b.name.trim().toLowerCase();
  const before = (Array.isArray(c.before) ? c.before : []) as StoredBenefit[];
  const after = (Array.isArray(c.after) ? c.after : []) as StoredBenefit[];
  const was = new Map(before.map((b) => [key(b), b]));
  const now = new Set(after.map(key));
  const amount = (b: StoredBenefit) => formatBenefitAmount(b.amount, b.type, format);
  const texts: string[] = [];
  for (const b of after) {
    const old = was.get(key(b));
    if (!old) {
      texts.push(`Benefit added: ${b.name}${viewer.moneyRules ? `, ${amount(b)}` : ''}`);
      continue;
    }
    if (old.amount === b.amount && old.type === b.type) continue;
    if (viewer.moneyRules) texts.push(`Benefit ${b.name}: ${amount(old)} → ${amount(b)}`);
    else if (old.type !== b.type)
      texts.push(`Benefit ${b.name}: ${BENEFIT_TYPE_LABELS[old.type]} → ${BENEFIT_TYPE_LABELS[b.type]}`);
    else texts.push(`Benefit ${b.name}: amount changed`);
  }
  for (const b of before) if (!now.has(key(b))) texts.push(`Benefit removed: ${b.name}`);
  return texts;
}

/** A settings field, as the settings forms label it; `all`: the entry's other changes. */
function settingsChange(c: AuditChange, viewer: Viewer, names: Names, all: readonly AuditChange[]): string[] {
  if (c.field === 'customMultipliers') return customMultiplierChanges(c, viewer, names);
  if (c.field === 'benefits') return benefitChanges(c, viewer, names);
  const label = SETTINGS_FIELD_LABELS[c.field] ?? humanKey(c.field);
  const value = BASE_MULTIPLIER_OF_VALUE.get(c.field);
  if (value) {
    if (!viewer.moneyRules) return [`${label} changed`];
    // The type of each side: from the same save when it changed too, else as configured now.
    const typeChange = all.find((o) => o.field === value.typeKey);
    const typeNow = names.multiplierTypes[value.key];
    const typeOf = (side: 'before' | 'after') =>
      ((typeChange?.[side] as MultiplierType | undefined) ?? typeNow) as MultiplierType | undefined;
    const text = (v: unknown, type: MultiplierType | undefined) =>
      typeof v !== 'number' ? '—' : type ? formatMultiplierValue(v, type, names.format) : String(v);
    return [moved(label, text(c.before, typeOf('before')), text(c.after, typeOf('after')))];
  }
  if (BASE_MULTIPLIER_OF_TYPE.has(c.field)) {
    const text = (v: unknown) => MULTIPLIER_TYPE_LABELS[v as MultiplierType] ?? plainValue(v);
    return [moved(label, text(c.before), text(c.after))];
  }
  if (c.field === 'socialInsuranceEnabled')
    return [moved(label, c.before ? 'On' : 'Off', c.after ? 'On' : 'Off')];
  if (c.field === 'socialInsuranceType') {
    const text = (v: unknown) =>
      SOCIAL_INSURANCE_TYPE_LABELS[v as keyof typeof SOCIAL_INSURANCE_TYPE_LABELS] ?? plainValue(v);
    return [moved(label, text(c.before), text(c.after))];
  }
  if (c.field === 'totalInsurancePercentage' || c.field === 'companyInsurancePercentage') {
    if (!viewer.moneyRules) return [`${label} changed`];
    const text = (v: unknown) => (typeof v === 'number' ? formatPercent(v, names.format) : '—');
    return [moved(label, text(c.before), text(c.after))];
  }
  const other = otherChange(c, viewer, names);
  return other === null ? [] : [other];
}

/** A base salary's or adjustment factor's field; their values are money rules. */
function ruleChange(entityType: string, c: AuditChange, viewer: Viewer, names: Names): string | null {
  const reference = REFERENCE_FIELDS[c.field];
  if (reference) return otherChange(c, viewer, names);
  const band = bandChange(c, viewer, names);
  if (band !== null) return band;
  // The grid's save: one change per cell, named "amount <grade> / <level>".
  const cell = /^amount (.+)$/.exec(c.field);
  const label = cell ? cell[1]! : c.field === 'factor' ? 'Factor' : c.field === 'amount' ? 'Amount' : 'Type';
  if (!viewer.moneyRules) return `${label} changed`;
  if (c.field === 'type') {
    const text = (v: unknown) => MULTIPLIER_TYPE_LABELS[v as MultiplierType] ?? plainValue(v);
    return moved(label, isNothing(c.before) ? null : text(c.before), text(c.after));
  }
  const text = (v: unknown) =>
    typeof v !== 'number' ? '—' : entityType === 'baseSalary' ? formatMoney(v, names.format) : String(v);
  return moved(label, isNothing(c.before) ? null : text(c.before), text(c.after));
}

const BAND_FIELD_WORDS: Record<string, string> = {
  bandSpread: 'Band spread',
  bandMin: 'Band minimum',
  bandMax: 'Band maximum',
};

/**
 * A base salary's band field ("Band maximum: from the spread → $5,200.00"), or the grid's
 * "<field> <grade> / <level>" ("Senior / L1 band spread: ±10% (default) → ±15%"); null: not one.
 */
function bandChange(c: AuditChange, viewer: Viewer, names: Names): string | null {
  const band = /^(bandSpread|bandMin|bandMax)(?: (.+))?$/.exec(c.field);
  if (!band) return null;
  const words = BAND_FIELD_WORDS[band[1]!]!;
  const label = band[2] ? `${band[2]} ${words.toLowerCase()}` : words;
  if (!viewer.moneyRules) return `${label} changed`;
  const spread = band[1] === 'bandSpread';
  const text = (v: unknown) =>
    typeof v !== 'number'
      ? spread
        ? '±10% (default)'
        : 'from the spread'
      : spread
        ? `±${formatPercent(v, names.format)}`
        : formatMoney(v, names.format);
  return moved(label, text(c.before), text(c.after));
}

/** Any other record's field: names for references, words for keys and constants. */
function otherChange(c: AuditChange, _viewer: Viewer, names: Names): string {
  const reference = REFERENCE_FIELDS[c.field];
  if (reference) {
    const text = (v: unknown) => referenceName(names, reference.table, v);
    return moved(reference.label, isNothing(c.before) ? null : text(c.before), text(c.after));
  }
  // A grade reorder names each grade: "<grade>.order".
  const order = /^(.+)\.order$/.exec(c.field);
  const label = order ? `${order[1]} order` : (OTHER_LABELS[c.field] ?? humanKey(c.field));
  return moved(label, isNothing(c.before) ? null : plainValue(c.before), plainValue(c.after));
}

/** The company record's field as its screen labels it, values as typed ("Currency: USD → EUR"). */
function companyChange(c: AuditChange): string {
  const text = (v: unknown) => (typeof v === 'string' ? v : '—');
  return moved(COMPANY_FIELD_LABELS[c.field] ?? humanKey(c.field), text(c.before), text(c.after));
}

/**
 * One stored change of an entry about `entityType`, as the viewer may read it: one text or
 * several (a settings list names each item added, removed or changed); none when the viewer
 * may not read the field at all. `all`: the entry's change list it belongs to.
 */
export function describeChange(
  entityType: string,
  change: AuditChange,
  viewer: Viewer,
  names: Names,
  all: readonly AuditChange[] = [change],
): string[] {
  let text: string | null;
  switch (entityType) {
    case 'employee':
    case 'import':
      text = employeeChange(change, viewer, names);
      break;
    case 'settings':
      return settingsChange(change, viewer, names, all);
    case 'baseSalary':
    case 'adjustmentFactor':
      text = ruleChange(entityType, change, viewer, names);
      break;
    case 'company':
      text = companyChange(change);
      break;
    default:
      text = otherChange(change, viewer, names);
  }
  return text === null ? [] : [text];
}

/** Every change of a list as texts, in order. */
export function describeChanges(
  entityType: string,
  changes: readonly AuditChange[],
  viewer: Viewer,
  names: Names,
): string[] {
  return changes.flatMap((c) => describeChange(entityType, c, viewer, names, changes));
}

const ACTION_WORDS: Record<string, string> = {
  create: 'created',
  delete: 'deleted',
  restore: 'restored',
  reorder: 'reordered',
  password: 'password changed',
  'end-sessions': 'signed out everywhere',
};

/** What a raise cycle's entries keep beside their changes. */
interface RaiseCycleDetails {
  effectiveFrom?: string;
  changed?: number;
  scheduled?: boolean;
  revertOf?: number;
  employeeIds?: unknown[];
  saved?: number;
}

const employeesWord = (n: number) => `${n.toLocaleString('en-US')} employee${n === 1 ? '' : 's'}`;

/**
 * A raise cycle's proposals saved, its application and its revert, in words ("raises applied
 * from Apr 1, 2027 to 198 employees"); undefined: its status changes say it.
 */
function raiseCycleSummary(action: string, d: RaiseCycleDetails, format: MoneyFormat): string | undefined {
  const day = d.effectiveFrom ? formatDay(d.effectiveFrom, { ...format, timeZone: 'UTC' }) : undefined;
  if (action === 'propose' && Array.isArray(d.employeeIds))
    return `proposals saved for ${employeesWord(d.employeeIds.length)}`;
  if (action === 'apply' && day && typeof d.changed === 'number')
    return `raises applied from ${day} to ${employeesWord(d.changed)}${d.scheduled ? ' (scheduled)' : ''}`;
  if (action === 'revert' && day && typeof d.changed === 'number')
    return `application reverted from ${day} for ${employeesWord(d.changed)}`;
  return undefined;
}

/** How many change texts a summary carries before "and N more". */
const SUMMARY_CHANGES = 3;

/**
 * What an entry is about and what it did, for this viewer:
 * "Base salary Junior / L1: $1,000.00 → $1,500.00", "Employee Ana Lima: Level: Senior → Mid".
 */
export function describeEntry(
  entry: { action: string; entityType: string; entityId: string | null; changes: unknown; details: unknown },
  viewer: Viewer,
  names: Names,
): string {
  const details = (entry.details ?? {}) as {
    label?: string;
    created?: number;
    changed?: number;
    updated?: number;
    deleted?: number;
    restored?: number;
  };
  const label = details.label ?? `${humanKey(entry.entityType)}${entry.entityId ? ` ${entry.entityId}` : ''}`;
  // The import records `changed`; `updated` is read for entries written before it did.
  if (entry.action === 'import')
    return `${label}: ${details.created ?? 0} created, ${details.changed ?? details.updated ?? 0} updated`;
  if (entry.action === 'revert' && entry.entityType === 'import')
    return `${label} reverted: ${details.deleted ?? 0} deleted, ${details.restored ?? 0} restored`;
  if (entry.entityType === 'raiseCycle') {
    const raise = raiseCycleSummary(entry.action, details as RaiseCycleDetails, names.format);
    if (raise) return `${label}: ${raise}`;
  }
  const word = ACTION_WORDS[entry.action];
  if (word) return `${label} ${word}`;
  const changes = Array.isArray(entry.changes) ? (entry.changes as AuditChange[]) : [];
  const texts = describeChanges(entry.entityType, changes, viewer, names);
  // A revert of one record's change (details.revertOf): what it put back.
  const done = entry.action === 'revert' ? 'reverted' : 'updated';
  if (!texts.length) return `${label} ${done}`;
  // A rule's lone value needs no name: "Base salary Junior / L1: $1,000.00 → $1,500.00".
  const lone =
    texts.length === 1 &&
    changes.length === 1 &&
    (entry.entityType === 'baseSalary' || entry.entityType === 'adjustmentFactor') &&
    (changes[0]!.field === 'amount' || changes[0]!.field === 'factor') &&
    viewer.moneyRules;
  const shown = lone ? [texts[0]!.replace(/^(Amount|Factor): /, '')] : texts.slice(0, SUMMARY_CHANGES);
  if (texts.length > SUMMARY_CHANGES) shown.push(`and ${texts.length - SUMMARY_CHANGES} more`);
  return `${label}${entry.action === 'revert' ? ' reverted' : ''}: ${shown.join('; ')}`;
}

import { calculateWithPrepared } from '@salary/salary-engine/calculate-salary';
import {
  fromCents,
  percentToBasisPoints,
  toCents,
  toFactorUnits,
  toRuleUnits,
} from '@salary/shared/common/money';
import type { PayDerivation } from '@salary/shared/common/permissions';
import type { EmployeeView as SharedEmployeeView } from '@salary/shared/employees/employee.contract';
import type { Settings } from '@salary/shared/settings/settings.contract';
import { BASE_MULTIPLIERS } from '@salary/shared/settings/settings.contract';
import type { BaseSalaryRecord, FactorRecord } from '../../src/modules/pricing/pricing.repository.ts';
import { RuleBook } from '../../src/modules/pricing/salary-rules.model.ts';
import type { RuleSettings } from '../../src/modules/settings/settings.repository.ts';
import type { FormFields } from './employee-forms.ts';

/** A factor as the API and the texts give it (a fraction or dollars). */
type DecimalFactor = Omit<FactorRecord, 'factor'> & { factor: number };

/** The settings as the API gives them → the rule book's integers (basis points, cents). */
function ruleSettingsOf(s: Settings): RuleSettings {
  const m = (value: number, type: Settings['experienceMultiplierType']) => ({
    value: toRuleUnits(value, type),
    type,
  });
  return {
    multipliers: {
      experience: m(s.experienceMultiplier, s.experienceMultiplierType),
      loyalty: m(s.loyaltyMultiplier, s.loyaltyMultiplierType),
      offshore: m(s.offshoreMultiplier, s.offshoreMultiplierType),
      actingAs: m(s.actingAsMultiplier, s.actingAsMultiplierType),
      pillar: m(s.pillarMultiplier, s.pillarMultiplierType),
      remote: m(s.remoteMultiplier, s.remoteMultiplierType),
    },
    customMultipliers: s.customMultipliers.map((c) => ({
      id: c.id,
      title: c.title,
      type: c.type,
      value: toRuleUnits(c.multiplier, c.type),
    })),
    benefits: s.benefits.map((b) => ({ name: b.name, type: b.type, amount: toRuleUnits(b.amount, b.type) })),
    socialInsurance: {
      enabled: s.socialInsuranceEnabled,
      type: s.socialInsuranceType,
      companyPercentage: percentToBasisPoints(s.companyInsurancePercentage),
      totalPercentage: percentToBasisPoints(s.totalInsurancePercentage),
    },
  };
}

/** A base salary as the API and the texts give it (a decimal); the rule book takes whole cents. */
type DecimalBase = Pick<BaseSalaryRecord, 'gradeId' | 'levelId'> & { amount: number };

/*
 * An insider's attempt to work out everyone's pay from what one account read: the answers
 * of every route it may call, nothing else. It finds the money rules where it can — the rule
 * routes, the settings' values, or amounts written in any text it read (pay-history causes,
 * audit summaries, file cells) — and runs the app's own pricing (RuleBook, the salary engine)
 * over every employee, or takes the gross the list shows; failing that, it ranks employees by
 * any total cost it read.
 */

/** One answer as read: its JSON (or a workbook's cells), and its raw text to search. */
export interface Answer {
  url: string;
  status: number;
  contentType: string;
  /** The body as text; a workbook's cells as JSON. */
  text: string;
  /** Parsed JSON body (the envelope), or the workbook's cells. */
  value: unknown;
}

/** An employee as a list or a read answers it to some viewer: the figures only to some. */
type EmployeeView = Omit<FormFields, 'name'> &
  Pick<SharedEmployeeView, 'id' | 'grade' | 'level' | 'technology' | 'position'> &
  Partial<Pick<SharedEmployeeView, 'calculatedSalary' | 'accumulatedCost'>>;

type SettingsRead = Partial<Settings> &
  Pick<Settings, 'socialInsuranceEnabled' | 'socialInsuranceType'> & {
    customMultipliers: Array<{
      id: string;
      title: string;
      type: 'PERCENTAGE' | 'FIXED';
      multiplier?: number;
    }>;
    benefits: Array<{ name: string; type: 'FIXED_AMOUNT' | 'PERCENTAGE'; amount?: number }>;
  };

const dataOf = (answers: Answer[], url: string): unknown => {
  const a = answers.find((x) => x.url === url && x.status === 200);
  return a ? (a.value as { data?: unknown }).data : undefined;
};

/** Every text found in the answers, oldest first where a row says when it happened (`at`). */
function textsOf(answers: Answer[]): string[] {
  const found: Array<{ text: string; at: string }> = [];
  const walk = (v: unknown, at: string) => {
    if (typeof v === 'string') found.push({ text: v, at });
    else if (Array.isArray(v)) for (const x of v) walk(x, at);
    else if (v && typeof v === 'object') {
      const own = (v as { at?: unknown }).at;
      const when = typeof own === 'string' ? own : at;
      for (const x of Object.values(v)) walk(x, when);
    }
  };
  for (const a of answers) if (a.status === 200) walk(a.value, '');
  return found.sort((a, b) => a.at.localeCompare(b.at)).map((f) => f.text);
}

const money = (s: string) => Number(s.replace(/[$,]/g, ''));
/** "$312.34", "$255.55 fixed", "7.75%", "5.5% of gross salary" → the number. */
const amountOf = (s: string) => Number(s.replace(/[$,%]|fixed|of gross salary/g, '').trim());

/** An amount as the texts write it: money, a percent, a plain factor. */
const AMOUNT = String.raw`-?\$[\d,]+\.\d\d(?: fixed)?|-?[\d.]+%(?: of gross salary)?|-?\d+(?:\.\d+)?`;
/** "<what>: <before> → <after>" or "<what>: <after>" (or "<what> added: <name>, <after>"). */
const change = (what: string) =>
  new RegExp(`${what}: (?:(?:${AMOUNT}) → )?(${AMOUNT})(?=;| by |$| and )`, 'g');

/** Every money-rule amount written in the texts, the newest mention of each rule last. */
export interface HarvestedAmounts {
  baseSalaries: Map<string, number>;
  factors: Map<string, number>;
  multipliers: Map<string, number>;
  customMultipliers: Map<string, number>;
  benefits: Map<string, number>;
  insurance: Map<string, number>;
}

export function harvestAmounts(texts: string[]): HarvestedAmounts {
  const out: HarvestedAmounts = {
    baseSalaries: new Map(),
    factors: new Map(),
    multipliers: new Map(),
    customMultipliers: new Map(),
    benefits: new Map(),
    insurance: new Map(),
  };
  for (const text of texts) {
    for (const m of text.matchAll(change(String.raw`Base salary (.+?) \/ (.+?)`)))
      out.baseSalaries.set(`${m[1]} / ${m[2]}`, money(m[3]!));
    for (const m of text.matchAll(change(String.raw`Adjustment factor (.+?) \/ (.+?)`)))
      out.factors.set(`${m[1]} / ${m[2]}`, Number(m[3]));
    for (const { label } of BASE_MULTIPLIERS)
      for (const m of text.matchAll(change(`${label} multiplier`)))
        out.multipliers.set(label, amountOf(m[1]!));
    for (const m of text.matchAll(change('Custom multiplier (.+?)')))
      out.customMultipliers.set(m[1]!, amountOf(m[2]!));
    for (const m of text.matchAll(new RegExp(`Custom multiplier added: (.+?), (${AMOUNT})`, 'g')))
      out.customMultipliers.set(m[1]!, amountOf(m[2]!));
    for (const m of text.matchAll(change('Benefit (.+?)'))) out.benefits.set(m[1]!, amountOf(m[2]!));
    for (const m of text.matchAll(new RegExp(`Benefit added: (.+?), (${AMOUNT})`, 'g')))
      out.benefits.set(m[1]!, amountOf(m[2]!));
    for (const label of ['Total percentage', 'Company percentage'])
      for (const m of text.matchAll(change(label))) out.insurance.set(label, amountOf(m[1]!));
  }
  return out;
}

export const harvestedCount = (h: HarvestedAmounts) =>
  Object.values(h).reduce((n, map: Map<string, number>) => n + map.size, 0);

/** The employees as the list (or, failing it, the detail answers) showed them. */
export function employeesOf(answers: Answer[]): EmployeeView[] {
  const list = dataOf(answers, '/api/employees');
  if (Array.isArray(list)) return list as EmployeeView[];
  return answers
    .filter((a) => a.status === 200 && /^\/api\/employees\/\d+$/.test(a.url))
    .map((a) => (a.value as { data: EmployeeView }).data);
}

export interface Rebuilt {
  /** Gross pay per employee id, or why it could not be worked out. */
  gross: Map<number, number> | string;
  /** Total cost per employee id as the rebuild priced it (empty when nothing was rebuilt). */
  rebuiltCost: Map<number, number>;
  /** Total cost per employee id, as read, or why none was. */
  cost: Map<number, number> | string;
  /** Every rule amount the texts gave away. */
  harvested: HarvestedAmounts;
}

/** What `answers` let their reader work out, with `source: 'texts'` using only amounts written in texts. */
export function rebuild(answers: Answer[], options: { source?: 'everything' | 'texts' } = {}): Rebuilt {
  const harvested = harvestAmounts(textsOf(answers));
  const employees = employeesOf(answers);
  const rebuiltCost = new Map<number, number>();
  const fromRules = grossOf(answers, employees, harvested, options.source ?? 'everything', rebuiltCost);
  const gross = typeof fromRules === 'string' ? (readGross(employees) ?? fromRules) : fromRules;
  return { gross, rebuiltCost, cost: costOf(answers, employees), harvested };
}

/** Gross pay as the employee list showed it, when it showed it for everyone. */
function readGross(employees: EmployeeView[]): Map<number, number> | undefined {
  const read = new Map<number, number>();
  for (const e of employees) if (typeof e.calculatedSalary === 'number') read.set(e.id, e.calculatedSalary);
  return employees.length && read.size === employees.length ? read : undefined;
}

function grossOf(
  answers: Answer[],
  employees: EmployeeView[],
  harvested: HarvestedAmounts,
  source: 'everything' | 'texts',
  rebuiltCost: Map<number, number>,
): Map<number, number> | string {
  if (!employees.length) return 'no employee was readable';
  const read = dataOf(answers, '/api/settings') as SettingsRead | undefined;
  if (!read) return 'the settings were not readable';
  const structured = source === 'everything';
  const missing: string[] = [];
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined || Number.isNaN(value)) missing.push(what);
    return value as T;
  };

  // The base multipliers, custom multipliers, benefits and insurance: the settings' values, else the texts'.
  const values: Record<string, number> = {};
  for (const m of BASE_MULTIPLIERS)
    values[m.key] = need(
      (structured ? read[m.key] : undefined) ?? harvested.multipliers.get(m.label),
      `${m.label} multiplier`,
    );
  const customMultipliers = read.customMultipliers.map((m) => ({
    id: m.id,
    title: m.title,
    type: m.type,
    multiplier: need(
      (structured ? m.multiplier : undefined) ?? harvested.customMultipliers.get(m.title),
      `custom multiplier ${m.title}`,
    ),
  }));
  const benefits = read.benefits.map((b) => ({
    name: b.name,
    type: b.type,
    amount: need((structured ? b.amount : undefined) ?? harvested.benefits.get(b.name), `benefit ${b.name}`),
  }));
  const insurance = (key: 'totalInsurancePercentage' | 'companyInsurancePercentage', label: string) =>
    read.socialInsuranceEnabled
      ? need((structured ? read[key] : undefined) ?? harvested.insurance.get(label), label)
      : 0;
  const settings = {
    ...read,
    ...values,
    customMultipliers,
    benefits,
    totalInsurancePercentage: insurance('totalInsurancePercentage', 'Total percentage'),
    companyInsurancePercentage: insurance('companyInsurancePercentage', 'Company percentage'),
  } as Settings;

  // Base salaries and factors: their routes, else the texts (a factor never mentioned: none).
  const baseRows = structured
    ? (dataOf(answers, '/api/base-salary') as DecimalBase[] | undefined)
    : undefined;
  const factorRows = structured
    ? (dataOf(answers, '/api/adjustment-factors') as DecimalFactor[] | undefined)
    : undefined;
  const bases: DecimalBase[] =
    baseRows ??
    [...new Map(employees.map((e) => [`${e.gradeId}:${e.levelId}`, e])).values()].map((e) => ({
      gradeId: e.gradeId,
      levelId: e.levelId,
      amount: need(
        harvested.baseSalaries.get(`${e.grade.name} / ${e.level.name}`),
        `base salary ${e.grade.name} / ${e.level.name}`,
      ),
    }));
  const factors: DecimalFactor[] =
    factorRows ??
    [...new Map(employees.map((e) => [`${e.technologyId}:${e.specializationId}`, e])).values()].flatMap(
      (e) => {
        const factor = harvested.factors.get(`${e.technology.name} / ${e.position.name}`);
        // The texts name no type: a fraction of base is within ±1, a fixed amount is dollars.
        if (factor === undefined) return [];
        return [
          {
            jobId: e.technologyId,
            positionId: e.specializationId,
            factor,
            type: Math.abs(factor) <= 1 ? 'PERCENTAGE' : 'FIXED',
          },
        ];
      },
    );
  if (missing.length) return `not readable: ${missing.join(', ')}`;

  const book = new RuleBook(
    ruleSettingsOf(settings),
    bases.map((b) => ({
      gradeId: b.gradeId,
      levelId: b.levelId,
      amount: toCents(b.amount),
      bandSpread: null,
      bandMin: null,
      bandMax: null,
    })),
    factors.map((f) => ({ ...f, factor: toFactorUnits(f.factor, f.type) })),
  );
  const gross = new Map<number, number>();
  for (const e of employees) {
    const record = {
      jobId: e.technologyId,
      positionId: e.specializationId,
      gradeId: e.gradeId,
      levelId: e.levelId,
      customMultiplierIds: e.customMultipliers,
    };
    const { details } = calculateWithPrepared(book.forEmployee(record), e);
    gross.set(e.id, fromCents(details.grossSalary));
    rebuiltCost.set(e.id, fromCents(details.totalCost));
  }
  return gross;
}

/** Each employee's total cost as the list, the detail or the newest pay-history row gave it. */
function costOf(answers: Answer[], employees: EmployeeView[]): Map<number, number> | string {
  const cost = new Map<number, number>();
  for (const e of employees) {
    const detail = dataOf(answers, `/api/employees/${e.id}`) as EmployeeView | undefined;
    const history = dataOf(answers, `/api/employees/${e.id}/history`) as
      | Array<{ costAfter?: number }>
      | undefined;
    const value = e.accumulatedCost ?? detail?.accumulatedCost ?? history?.at(-1)?.costAfter;
    if (typeof value === 'number') cost.set(e.id, value);
  }
  if (!employees.length) return 'no employee was readable';
  return cost.size === employees.length ? cost : 'no total cost was readable';
}

/** Whether ranking by `by` ranks every pair of employees as `truth` does (ties as ties). */
export function ranksAlike(by: Map<number, number>, truth: Map<number, number>): boolean {
  const ids = [...truth.keys()];
  for (let i = 0; i < ids.length; i++)
    for (let j = i + 1; j < ids.length; j++) {
      const a = ids[i]!;
      const b = ids[j]!;
      if (Math.sign(by.get(a)! - by.get(b)!) !== Math.sign(truth.get(a)! - truth.get(b)!)) return false;
    }
  return true;
}

/** The most the reader achieved, in the table's words. */
export function achieved(rebuilt: Rebuilt, truth: Map<number, number>): PayDerivation {
  const { gross, cost } = rebuilt;
  if (typeof gross !== 'string' && [...truth].every(([id, pay]) => gross.get(id) === pay)) return 'exact pay';
  if (typeof cost !== 'string' && cost.size === truth.size && ranksAlike(cost, truth)) return 'order by pay';
  return 'nothing';
}

/** A money value as it can appear: JSON number, fixed two decimals, or grouped with commas. */
export function spellings(value: number): RegExp {
  const plain = String(value);
  const fixed = value.toFixed(2);
  const grouped = value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const alternatives = [...new Set([plain, fixed, grouped])].map((s) => s.replace(/[.,]/g, '\\$&'));
  return new RegExp(`(?<![\\d.,])(${alternatives.join('|')})(?![\\d])`);
}

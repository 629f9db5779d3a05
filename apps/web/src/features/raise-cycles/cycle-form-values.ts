import {
  BUDGET_KINDS,
  type RaiseCycle,
  type RaiseCycleInput,
  raiseCycleBody,
} from '@salary/shared/raise-cycles/raise-cycles.contract';
import { z } from 'zod';
import { numberInputValue } from '../../lib/number-input-value.ts';

/*
 * The raise cycle form's values and how they become the API's body. The form mirrors the body's
 * shape (eligibility.jobIds, guideline.0.minPercent), so the shared schema's and the server's
 * field paths name the form's own fields. What is typed is checked, never rewritten: a blank
 * number is null where the contract allows it (an open compa-ratio end), else the contract's
 * own message says what is wrong.
 */

/**
 * A number input's value: a number as is; a whole decimal still held as text (the input keeps
 * "1.10" or "2.0" as typed until it loses focus) as its number; anything else as typed, for the
 * contract to refuse.
 */
const typedNumber = numberInputValue.transform((v) =>
  typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v,
);
const blankAsNull = (value: string | number) => (value === '' ? null : value);

const guidelineRowForm = z.object({
  compaFrom: typedNumber.transform(blankAsNull),
  compaTo: typedNumber.transform(blankAsNull),
  /** '' any rating, else '1'..'5'. */
  rating: z.string().transform((v) => (v === '' ? null : Number(v))),
  minPercent: typedNumber,
  maxPercent: typedNumber,
});

export const cycleForm = z
  .object({
    name: z.string(),
    effectiveDate: z.string(),
    eligibility: z.object({
      hiredBefore: z.string().transform((v) => (v === '' ? null : v)),
      jobIds: z.array(z.string()).transform((ids) => ids.map(Number)),
      gradeIds: z.array(z.string()).transform((ids) => ids.map(Number)),
    }),
    budget: z.object({ kind: z.enum(BUDGET_KINDS), value: typedNumber }),
    guideline: z.array(guidelineRowForm),
  })
  // Then the contract itself, its messages at the same paths.
  .transform((values, ctx) => {
    const body = raiseCycleBody.safeParse(values);
    if (body.success) return body.data;
    for (const issue of body.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });

export type CycleFormValues = z.input<typeof cycleForm>;
export type GuidelineRowValues = CycleFormValues['guideline'][number];

export const EMPTY_GUIDELINE_ROW: GuidelineRowValues = {
  compaFrom: '',
  compaTo: '',
  rating: '',
  minPercent: '',
  maxPercent: '',
};

/** A new cycle: from `today`, 3 % of payroll, everyone eligible, no guideline. */
export function newCycleValues(today: string): CycleFormValues {
  return {
    name: '',
    effectiveDate: today,
    eligibility: { hiredBefore: '', jobIds: [], gradeIds: [] },
    budget: { kind: 'PERCENT', value: 3 },
    guideline: [],
  };
}

const typed = (n: number | null): string | number => n ?? '';

/** A stored cycle as the form edits it. */
export function cycleValues(cycle: RaiseCycle): CycleFormValues {
  return {
    name: cycle.name,
    effectiveDate: cycle.effectiveDate,
    eligibility: {
      hiredBefore: cycle.eligibility.hiredBefore ?? '',
      jobIds: cycle.eligibility.jobIds.map(String),
      gradeIds: cycle.eligibility.gradeIds.map(String),
    },
    budget: { kind: cycle.budget.kind, value: typed(cycle.budget.value) },
    guideline: cycle.guideline.map((r) => ({
      compaFrom: typed(r.compaFrom),
      compaTo: typed(r.compaTo),
      rating: r.rating === null ? '' : String(r.rating),
      minPercent: r.minPercent,
      maxPercent: r.maxPercent,
    })),
  };
}

export type CycleFormOutput = RaiseCycleInput;

const GUIDELINE_FIELD = /^guideline\.(\d+)\.(compaFrom|compaTo|rating|minPercent|maxPercent)$/;
const STATIC_FIELDS = new Set([
  'name',
  'effectiveDate',
  'eligibility.hiredBefore',
  'eligibility.jobIds',
  'eligibility.gradeIds',
  'budget.kind',
  'budget.value',
]);

/**
 * The form field a server's field problem belongs to (`eligibility.jobIds.2` → the jobs
 * select, `budget` → the budget's value), or undefined when it names none the form shows.
 */
export function formFieldOf(field: string, guidelineRows: number): string | undefined {
  const path = field.replace(/^(eligibility\.(?:jobIds|gradeIds))\.\d+$/, '$1');
  if (path === 'budget') return 'budget.value';
  if (STATIC_FIELDS.has(path)) return path;
  const row = GUIDELINE_FIELD.exec(path);
  if (row && Number(row[1]) < guidelineRows) return path;
  if (path === 'guideline') return 'guideline.root';
  return undefined;
}

import { componentCents } from '@salary/salary-engine/calculate-salary';
import { mulDivRound } from '@salary/salary-engine/exact-math';
import { applies, type PayComponent } from '@salary/salary-engine/pay-components';
import type { Band } from '@salary/shared/base-salaries/salary-bands';
import type { Cents, RuleUnits } from '@salary/shared/common/money';
import { employmentStatusOf } from '@salary/shared/employees/employee.contract';
import { raiseComponentName } from '@salary/shared/raise-cycles/raise-cycles.contract';
import type { EmployeeRecord } from '../employees/employee.model.ts';
import type { PricedEmployee } from '../pricing/pricing.service.ts';
import type { CycleRow, ProposalRow, StoredGuidelineRow } from './raise-cycles.repository.ts';

/*
 * The worksheet, pure: who is eligible, each one's compa-ratio and recommended range, and what a
 * proposal makes of their pay — all in cents, basis points and hundredths of a compa-ratio. The
 * service reads and prices; this decides.
 */

const BP = 10_000;

/** What the worksheet prices with: the engine on a record (the rules in force on the effective day), and a grade × level's band (its midpoint the base salary). */
export interface WorksheetPricer {
  price(record: EmployeeRecord): PricedEmployee;
  band(record: EmployeeRecord): Band | null;
  /**
   * The raises of one worksheet, by kind and value: the components of everyone whose only one is
   * the raise are one frozen array, which the engine prepares once per profile.
   */
  raises?: Map<string, readonly PayComponent[]>;
}

/** One eligible employee with its figures before and after its proposal. */
export interface WorksheetLine {
  record: EmployeeRecord;
  /** `record` and `newRecord` as priced (with the worksheet's rules). */
  priced: PricedEmployee;
  newPriced: PricedEmployee;
  gross: Cents;
  basicWage: Cents;
  midpoint: Cents;
  /** The band's bounds (its midpoint above). */
  bandMin: Cents;
  bandMax: Cents;
  /** Hundredths: 1.05 is 105. */
  compa: number;
  rating: number | null;
  recommended: { minBp: number; maxBp: number } | null;
  proposal: ProposalRow | null;
  /** The raise in basis points of the basic wage (null: none proposed). */
  raiseBp: number | null;
  outside: boolean;
  newRecord: EmployeeRecord;
  newGross: Cents;
  newCompa: number;
  /** The proposal leaves the employee without a price (a move to a grade × level with no base salary). */
  unpriced: boolean;
}

/** Eligible on the effective day: employed then, hired before the cycle's day, of its jobs and grades. */
export function isEligible(cycle: CycleRow, e: EmployeeRecord): boolean {
  if (employmentStatusOf(e, cycle.effectiveDate) !== 'ACTIVE') return false;
  if (cycle.hiredBefore !== null && (e.hireDate === null || e.hireDate >= cycle.hiredBefore)) return false;
  if (cycle.jobIds.length && !cycle.jobIds.includes(e.jobId)) return false;
  if (cycle.gradeIds.length && !cycle.gradeIds.includes(e.gradeId)) return false;
  return true;
}

/** Base + job adjustment + the employee's own allowances (its own components applied once, on the adjustment line). */
export function basicWageOf(priced: PricedEmployee): Cents | null {
  if (priced.basicWage === null) return null;
  const e = priced.employee;
  let cents = priced.basicWage as number;
  for (const c of e.payComponents)
    if (c.per === 'ONCE' && c.line === 'ADJUSTMENT' && applies(c.when, e))
      cents += componentCents(c, priced.basicWage, null);
  return cents as Cents;
}

/** The compa-ratio in hundredths, rounded half away from zero. */
const compaOf = (basic: Cents, midpoint: Cents) => mulDivRound(basic, 100, midpoint);

const inBand = (r: StoredGuidelineRow, compa: number) =>
  (r.compaFrom === null || compa >= r.compaFrom) && (r.compaTo === null || compa < r.compaTo);

/** The guideline row for a compa-ratio and rating: one naming the rating wins over one that names none. */
export function recommendedFor(
  guideline: readonly StoredGuidelineRow[],
  compa: number,
  rating: number | null,
): { minBp: number; maxBp: number } | null {
  // Loops, not closures: this runs for every line of a worksheet.
  let row: StoredGuidelineRow | undefined;
  if (rating !== null) for (const r of guideline) if (r.rating === rating && inBand(r, compa)) row ??= r;
  if (!row) for (const r of guideline) if (r.rating === null && inBand(r, compa)) row ??= r;
  return row ? { minBp: row.minBp, maxBp: row.maxBp } : null;
}

/** A raise as the employee's own component: an allowance on the adjustment line. */
const raiseOf = (name: string, p: ProposalRow): PayComponent => ({
  name,
  type: p.kind === 'PERCENT' ? 'PERCENTAGE' : 'FIXED',
  value: p.value as RuleUnits,
  per: 'ONCE',
  when: 'ALWAYS',
  line: 'ADJUSTMENT',
});

/** The record a proposal makes: the allowance appended to the components in force that day, or the move. */
export function proposedRecord(
  cycleName: string,
  e: EmployeeRecord,
  p: ProposalRow | null,
  raises?: WorksheetPricer['raises'],
): EmployeeRecord {
  if (!p || p.kind === 'NONE') return e;
  if (p.kind === 'MOVE') return { ...e, gradeId: p.gradeId!, levelId: p.levelId! };
  const name = raiseComponentName(cycleName);
  // The cycle's own raise replaces itself (an applied cycle's worksheet reads it back in force).
  const others = e.payComponents.length ? e.payComponents.filter((c) => c.name !== name) : e.payComponents;
  if (others.length || !raises) return { ...e, payComponents: [...others, raiseOf(name, p)] };
  const key = `${p.kind}:${p.value}`;
  let alone = raises.get(key);
  if (!alone) {
    alone = Object.freeze([Object.freeze(raiseOf(name, p))]);
    raises.set(key, alone);
  }
  return { ...e, payComponents: alone };
}

/**
 * One line of the worksheet; undefined when the employee cannot be priced (no base salary for
 * its grade × level, or a base of zero: no compa-ratio).
 */
export function worksheetLine(
  cycle: CycleRow,
  priced: PricedEmployee,
  proposal: ProposalRow | null,
  pricer: WorksheetPricer,
): WorksheetLine | undefined {
  const e = priced.employee;
  const basic = basicWageOf(priced);
  const band = pricer.band(e);
  const midpoint = band?.midpoint;
  if (priced.calculatedSalary === null || basic === null || !band || !midpoint) return undefined;
  const compa = compaOf(basic, midpoint);
  const rating = proposal?.rating ?? null;
  const newRecord = proposedRecord(cycle.name, e, proposal, pricer.raises);
  const after = newRecord === e ? priced : pricer.price(newRecord);
  const newBasic = after === priced ? basic : basicWageOf(after);
  const newMid =
    newRecord.gradeId === e.gradeId && newRecord.levelId === e.levelId
      ? midpoint
      : pricer.band(newRecord)?.midpoint;
  const raises = proposal !== null && proposal.kind !== 'NONE';
  const raiseBp = !raises
    ? null
    : proposal.kind === 'PERCENT'
      ? (proposal.value as number)
      : basic === 0
        ? 0
        : mulDivRound((newBasic ?? basic) - basic, BP, basic);
  const recommended = recommendedFor(cycle.guideline, compa, rating);
  return {
    record: e,
    priced,
    newPriced: after,
    gross: priced.calculatedSalary,
    basicWage: basic,
    midpoint,
    bandMin: band.min,
    bandMax: band.max,
    compa,
    rating,
    recommended,
    proposal,
    raiseBp,
    outside:
      raiseBp !== null &&
      recommended !== null &&
      (raiseBp < recommended.minBp || raiseBp > recommended.maxBp),
    newRecord,
    newGross: after.calculatedSalary ?? priced.calculatedSalary,
    newCompa: newBasic !== null && newMid ? compaOf(newBasic, newMid) : compa,
    unpriced: after.calculatedSalary === null || newBasic === null || !newMid,
  };
}

/** The totals of some lines: payroll, the budget for them, what they use, and whether it is over. */
export function totalsOf(
  cycle: CycleRow,
  lines: readonly WorksheetLine[],
  /** The whole eligible payroll, when `lines` are a team's: an AMOUNT budget is shared by payroll. */
  wholePayroll?: number,
) {
  let payroll = 0;
  let used = 0;
  for (const l of lines) {
    payroll += l.gross;
    used += l.newGross - l.gross;
  }
  const budget =
    cycle.budgetKind === 'PERCENT'
      ? mulDivRound(payroll, cycle.budgetValue, BP)
      : wholePayroll === undefined
        ? (cycle.budgetValue as number)
        : wholePayroll === 0
          ? 0
          : mulDivRound(cycle.budgetValue, payroll, wholePayroll);
  return { payroll: payroll as Cents, budget: budget as Cents, used: used as Cents, over: used > budget };
}

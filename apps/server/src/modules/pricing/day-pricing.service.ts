import type { DbOrTx } from '../../db/client.ts';
import { derivedYears } from '../employees/employee.model.ts';
import { nextAnniversary, type PriceAsOf, type PricedDay } from './day-sweep.calc.ts';
import type { PricedEmployee, PricingService } from './pricing.service.ts';
import type { RuleBook } from './salary-rules.model.ts';

/** What pricing adds to an employee: its figures. */
type Figures = Omit<PricedEmployee, 'employee'>;
type EmployeeRecord = PricedEmployee['employee'];

/*
 * Pricing for the day sweep (day-sweep.calc.ts) over a period, for back pay and the year's pay
 * report: everyone is read once, on the period's first day; after that only the days a figure
 * can move are priced, and from what was already read.
 *
 * Figures depend on an employee's *profile* only: its grade, level, job, position and custom
 * multipliers (which rules apply), its years and its four flags. Each profile is priced once per
 * day's rules; an employee whose profile's figures a day does not move answers the very object
 * it answered before, which the sweep reads as "unchanged".
 * - A rule's day (`ids` undefined) moves only the rules: every record still holds.
 * - An employee's own day moves that employee only: on its version's day (`versionDays`) it is
 *   read again; on a hire, leave or anniversary only the years derived from its days move,
 *   worked out here as the list derives them (employee.model.ts `derivedYears`), on the day they
 *   grow.
 */

export type DayPricing = Pick<PricingService, 'priceEmployees' | 'rulesAt' | 'price'>;

/** Shapes an employee's answer for the day: its record and figures. */
export type ShapeDay<T> = (e: EmployeeRecord, figures: Figures) => T;

/** What is held of an employee between days. */
interface Held<T> {
  record: EmployeeRecord;
  /** Its profile's index. */
  profile: number;
  /** The figures of its last answer, and that answer as shaped. */
  figures: Figures;
  shaped: T;
  /** The next day its derived years grow ('~': after every day). */
  yearsMove: string;
}

/** A profile's figures, as priced with the rules of day number `day`. */
interface Profile {
  figures: Figures | undefined;
  day: number;
}

const NEVER = '~';

/** The next day after `day` the years derived from `e`'s days grow. */
function yearsMoveAfter(e: EmployeeRecord, day: string): string {
  const hire = e.hireDate === null ? NEVER : nextAnniversary(e.hireDate, day);
  const career = e.careerStartDate === null ? NEVER : nextAnniversary(e.careerStartDate, day);
  return hire < career ? hire : career;
}

/** What the engine reads of an employee (salary-engine `calculateWithPrepared`, `RuleBook.forEmployee`). */
const profileKey = (e: EmployeeRecord) =>
  `${e.gradeId},${e.levelId},${e.jobId},${e.positionId},${e.customMultiplierIds.join(' ')}|${e.yearsExperience}|${e.yearsWithCompany}|${+e.offshoreProject}${+e.actingAsDifferentGrade}${+e.pillar}${+e.remote}`;

const sameFigures = (a: Figures, b: Figures) =>
  a.calculatedSalary === b.calculatedSalary &&
  a.accumulatedCost === b.accumulatedCost &&
  a.basicWage === b.basicWage &&
  a.benefits === b.benefits &&
  a.companyInsurance === b.companyInsurance;

/**
 * A `PriceAsOf` over `scope` (undefined: everyone), read on `tx` when given; each answer is
 * `shape`d, and an employee whose figures a day does not move answers its last shaped object.
 */
export function dayPricer<T extends PricedDay>(
  pricing: DayPricing,
  opts: {
    versionDays: Iterable<{ day: string; id: number }>;
    scope?: readonly number[];
    tx?: DbOrTx;
    shape: ShapeDay<T>;
  },
): PriceAsOf<T> {
  const held = new Map<number, Held<T>>();
  /** The employees whose version starts on each day. */
  const versionsOn = new Map<string, Set<number>>();
  for (const { day, id } of opts.versionDays) {
    const starting = versionsOn.get(day);
    if (starting) starting.add(id);
    else versionsOn.set(day, new Set([id]));
  }
  let book: RuleBook | undefined;
  /** How many rule days so far: the number of `book`'s day. */
  let bookDay = 0;
  const profileIndex = new Map<string, number>();
  const profiles: Profile[] = [];
  const profileOf = (e: EmployeeRecord) => {
    const key = profileKey(e);
    let index = profileIndex.get(key);
    if (index === undefined) {
      index = profiles.length;
      profiles.push({ figures: undefined, day: -1 });
      profileIndex.set(key, index);
    }
    return index;
  };
  /** The profile's figures under `book`: the object they had before when none of them moved. */
  const figuresOf = (index: number, e: EmployeeRecord): Figures => {
    const p = profiles[index]!;
    if (p.day !== bookDay) {
      // The priced employee as its figures (its `employee` is not read).
      const figures: Figures = pricing.price(book!, e);
      if (!p.figures || !sameFigures(p.figures, figures)) p.figures = figures;
      p.day = bookDay;
    }
    return p.figures!;
  };
  /** Takes `figures` as the employee's answer from `day` on. */
  const answer = (
    e: EmployeeRecord,
    day: string,
    figures: Figures,
    profile = profileOf(e),
    h = held.get(e.id),
  ): T => {
    const shaped = opts.shape(e, figures);
    if (!h) held.set(e.id, { record: e, profile, figures, shaped, yearsMove: yearsMoveAfter(e, day) });
    else {
      if (h.record !== e) h.yearsMove = yearsMoveAfter(e, day);
      h.record = e;
      h.profile = profile;
      h.figures = figures;
      h.shaped = shaped;
    }
    return shaped;
  };
  /** Priced from its record: the years its days give are worked out again on the day they grow. */
  const priceHeld = (day: string, h: Held<T>): T => {
    if (day >= h.yearsMove) {
      const e = h.record;
      const years = derivedYears(e, e, day);
      if (years.yearsExperience !== e.yearsExperience || years.yearsWithCompany !== e.yearsWithCompany) {
        const moved = { ...e, ...years };
        const profile = profileOf(moved);
        return answer(moved, day, figuresOf(profile, moved), profile, h);
      }
      h.yearsMove = yearsMoveAfter(e, day);
    }
    const figures = figuresOf(h.profile, h.record);
    return figures === h.figures ? h.shaped : answer(h.record, day, figures, h.profile, h);
  };
  const read = async (day: string, ids: readonly number[] | undefined) => {
    if (ids !== undefined && ids.length === 0) return [];
    const { employees } = await pricing.priceEmployees(
      { asOf: day, ...(ids === undefined ? {} : { ids }) },
      opts.tx ? { tx: opts.tx } : {},
    );
    return employees.map(({ employee: e, ...figures }) => {
      const profile = profileOf(e);
      const p = profiles[profile]!;
      // The same figures as the profile's: the same object, so an unchanged pay stays one stretch.
      if (p.figures && sameFigures(p.figures, figures)) figures = p.figures;
      else if (p.day !== bookDay) p.figures = figures;
      p.day = bookDay;
      return answer(e, day, figures, profile);
    });
  };
  return async (day, ids) => {
    const starting = versionsOn.get(day);
    if (ids === undefined) {
      book = await pricing.rulesAt(opts.tx, day);
      bookDay++;
      // The first day reads everyone.
      if (held.size === 0) return read(day, opts.scope);
    }
    // A rule's day prices again everyone held; an own day moves no rule, only the employee's
    // years or its version. A version starting that day (or someone not read yet) is read again.
    const again: number[] = [];
    const out: T[] = [];
    if (ids === undefined)
      for (const h of held.values()) {
        if (starting?.has(h.record.id)) again.push(h.record.id);
        else out.push(priceHeld(day, h));
      }
    else
      for (const id of ids) {
        const h = held.get(id);
        if (!h || starting?.has(id)) again.push(id);
        else out.push(priceHeld(day, h));
      }
    for (const r of await read(day, again)) out.push(r);
    return out;
  };
}

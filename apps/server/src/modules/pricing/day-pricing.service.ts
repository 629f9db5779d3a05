import type { DbOrTx } from '../../db/client.ts';
import { derivedYears } from '../employees/employee.model.ts';
import { nextAnniversary, type Piece, type PriceAsOf, type PricedDay } from './day-sweep.calc.ts';
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
 * day's rules, and keeps its figures in pieces: a new piece from a rule's day when they move.
 * An employee's answer holds its record and its profile's pieces, so a rule's day changes no
 * answer (the sweep reads the same answer as the same stretch, cut by the pieces); only the
 * employee's own days do:
 * - on its version's day (`versionDays`) it is read again;
 * - on a hire, leave or anniversary only the years derived from its days move, worked out here
 *   as the list derives them (employee.model.ts `derivedYears`), on the day they grow.
 */

export type DayPricing = Pick<PricingService, 'priceEmployees' | 'rulesAt' | 'price'>;

/** Shapes an employee's answer: its record, and its figures from day to day. */
export type ShapeDay<T> = (e: EmployeeRecord, pieces: readonly Piece<Figures>[]) => T;

/** What is held of an employee between days. */
interface Held<T> {
  record: EmployeeRecord;
  /** Its profile's index. */
  profile: number;
  /** Its answer, as shaped. */
  shaped: T;
  /** The next day its derived years grow ('~': after every day). */
  yearsMove: string;
}

/**
 * A profile's figures from day to day, the last piece priced with the rules of day number `day`;
 * how many employees hold it, and one of their records (any prices the same).
 */
interface Profile {
  pieces: Piece<Figures>[];
  day: number;
  members: number;
  sample: EmployeeRecord;
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
  `${e.gradeId},${e.levelId},${e.jobId},${e.positionId},${e.customMultiplierIds.join(' ')}|${e.yearsExperience}|${e.yearsWithCompany}|${+e.offshoreProject}${+e.actingAsDifferentGrade}${+e.pillar}${+e.remote}${
    (e.payComponents.length === 0 ? '' : `|${JSON.stringify(e.payComponents)}`) +
    (e.excludedBenefits.length === 0 ? '' : `|-${JSON.stringify(e.excludedBenefits)}`)
  }`;

const sameFigures = (a: Figures, b: Figures) =>
  a.calculatedSalary === b.calculatedSalary &&
  a.accumulatedCost === b.accumulatedCost &&
  a.basicWage === b.basicWage &&
  a.benefits === b.benefits &&
  a.companyInsurance === b.companyInsurance;

/** Adds `id` to the set of `day` in `index`. */
function addTo(index: Map<string, Set<number>>, day: string, id: number) {
  const set = index.get(day);
  if (set) set.add(id);
  else index.set(day, new Set([id]));
}

/**
 * A `PriceAsOf` over `scope` (undefined: everyone), read on `tx` when given, each answer
 * `shape`d: on a rule's day, only the employees whose answer changes (their years grow that day,
 * or a version starts); the others keep theirs, whose pieces the day's rules extend.
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
  /** The employees whose version starts on each day, and whose years grow on each day. */
  const versionsOn = new Map<string, Set<number>>();
  for (const { day, id } of opts.versionDays) addTo(versionsOn, day, id);
  const yearsOn = new Map<string, Set<number>>();
  let book: RuleBook | undefined;
  /** How many rule days so far (the number of `book`'s day), and `book`'s day. */
  let bookDay = 0;
  let bookFrom = '';
  const profileIndex = new Map<string, number>();
  const profiles: Profile[] = [];
  const profileOf = (e: EmployeeRecord) => {
    const key = profileKey(e);
    let index = profileIndex.get(key);
    if (index === undefined) {
      index = profiles.length;
      profiles.push({ pieces: [], day: -1, members: 0, sample: e });
      profileIndex.set(key, index);
    }
    return index;
  };
  /**
   * The profile's pieces, the last one in force under `book` (`figures`: as already priced).
   * A profile nobody held on some rule days was not priced then; nobody's stretch reads those.
   */
  const piecesOf = (index: number, figures?: Figures): Piece<Figures>[] => {
    const p = profiles[index]!;
    if (p.day !== bookDay) {
      // The priced employee as its figures (its `employee` is not read).
      const priced: Figures = figures ?? pricing.price(book!, p.sample);
      const last = p.pieces.at(-1);
      if (!last || !sameFigures(last.figures, priced)) p.pieces.push({ from: bookFrom, figures: priced });
      p.day = bookDay;
    }
    return p.pieces;
  };
  /** The employee's answer from `day` on: its record and its profile's pieces. */
  const answer = (e: EmployeeRecord, day: string, profile: number, figures?: Figures): T => {
    const shaped = opts.shape(e, piecesOf(profile, figures));
    const p = profiles[profile]!;
    p.members++;
    p.sample = e;
    const h = held.get(e.id);
    if (h) profiles[h.profile]!.members--;
    const yearsMove = h?.record === e ? h.yearsMove : yearsMoveAfter(e, day);
    if (yearsMove !== NEVER) addTo(yearsOn, yearsMove, e.id);
    if (!h) held.set(e.id, { record: e, profile, shaped, yearsMove });
    else {
      h.record = e;
      h.profile = profile;
      h.shaped = shaped;
      h.yearsMove = yearsMove;
    }
    return shaped;
  };
  /** Its years worked out again on the day they grow: another answer when they do. */
  const yearsOf = (day: string, h: Held<T>): T | undefined => {
    if (h.yearsMove !== day) return undefined;
    const e = h.record;
    const years = derivedYears(e, e, day);
    if (years.yearsExperience !== e.yearsExperience || years.yearsWithCompany !== e.yearsWithCompany) {
      const moved = { ...e, ...years };
      return answer(moved, day, profileOf(moved));
    }
    h.yearsMove = yearsMoveAfter(e, day);
    if (h.yearsMove !== NEVER) addTo(yearsOn, h.yearsMove, e.id);
    return undefined;
  };
  const read = async (day: string, ids: readonly number[] | undefined) => {
    if (ids !== undefined && ids.length === 0) return [];
    const { employees } = await pricing.priceEmployees(
      { asOf: day, ...(ids === undefined ? {} : { ids }) },
      opts.tx ? { tx: opts.tx } : {},
    );
    return employees.map((p) => answer(p.employee, day, profileOf(p.employee), p));
  };
  return async (day, ids) => {
    const starting = versionsOn.get(day);
    const again: number[] = [];
    const out: T[] = [];
    if (ids === undefined) {
      book = await pricing.rulesAt(opts.tx, day);
      bookDay++;
      bookFrom = day;
      // The first day reads everyone.
      if (held.size === 0) return read(day, opts.scope);
      // A rule's day: every profile someone holds priced with its rules (its pieces); the
      // employees whose years grow that day, or whose version starts, answer anew.
      for (const id of starting ?? []) if (held.has(id)) again.push(id);
      for (const id of yearsOn.get(day) ?? []) {
        const h = held.get(id)!;
        if (starting?.has(id)) continue;
        const moved = yearsOf(day, h);
        if (moved) out.push(moved);
      }
      for (let i = 0; i < profiles.length; i++) if (profiles[i]!.members > 0) piecesOf(i);
    }
    // An own day moves no rule: only the employee's years, or its version (read again).
    else
      for (const id of ids) {
        const h = held.get(id);
        if (!h || starting?.has(id)) again.push(id);
        else out.push(yearsOf(day, h) ?? h.shaped);
      }
    for (const r of await read(day, again)) out.push(r);
    yearsOn.delete(day);
    return out;
  };
}

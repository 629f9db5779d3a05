import type { DbOrTx } from '../../db/client.ts';
import { derivedYears } from '../employees/employee.model.ts';
import type { PricedEmployee, PricingService } from './pricing.service.ts';
import type { RuleBook } from './salary-rules.model.ts';

/** What pricing adds to an employee: its figures. */
type Figures = Omit<PricedEmployee, 'employee'>;

/*
 * Pricing for the day sweep (day-sweep.calc.ts) over a period, for back pay and the year's pay
 * report: everyone is read once, on the period's first day; after that only the days a figure
 * can move are priced, and most of them from what was already read.
 * - A rule's day (`ids` undefined) moves only the rules: every record still holds, so they are
 *   priced again with that day's rules (one small read), not read again.
 * - An employee's own day moves that employee only: on its version's day (`versionDays`) it is
 *   read again; on a hire, leave or anniversary only the years derived from its days move,
 *   worked out here as the list derives them (employee.model.ts `derivedYears`).
 */

export type DayPricing = Pick<PricingService, 'priceEmployees' | 'rulesAt' | 'price'>;

/** A `PriceAsOf` over `scope` (undefined: everyone), read on `tx` when given. */
export function dayPricer(
  pricing: DayPricing,
  opts: {
    versionDays: Iterable<{ day: string; id: number }>;
    scope?: readonly number[];
    tx?: DbOrTx;
  },
): (day: string, ids?: readonly number[]) => Promise<PricedEmployee[]> {
  const records = new Map<number, PricedEmployee['employee']>();
  /** The employees whose version starts on each day. */
  const versionsOn = new Map<string, Set<number>>();
  for (const { day, id } of opts.versionDays) {
    const starting = versionsOn.get(day);
    if (starting) starting.add(id);
    else versionsOn.set(day, new Set([id]));
  }
  let book: RuleBook | undefined;
  /**
   * The figures of a profile under `book`: the same prepared rules (its cell, job and position,
   * custom multipliers) and the same years and flags give the same figures, so each is priced
   * once per book.
   */
  let memo = new Map<object, Map<string, Figures>>();
  const priceWith = (rules: RuleBook, e: PricedEmployee['employee']): PricedEmployee => {
    const prepared = rules.forEmployee(e);
    let byProfile = memo.get(prepared);
    if (!byProfile) {
      byProfile = new Map();
      memo.set(prepared, byProfile);
    }
    const key = `${e.yearsExperience}|${e.yearsWithCompany}|${+e.offshoreProject}${+e.actingAsDifferentGrade}${+e.pillar}${+e.remote}`;
    let figures = byProfile.get(key);
    if (!figures) {
      const { employee: _e, ...priced } = pricing.price(rules, e);
      figures = priced;
      byProfile.set(key, figures);
    }
    return { employee: e, ...figures };
  };
  const useBook = (next: RuleBook) => {
    book = next;
    memo = new Map();
  };
  /** Priced from their records, with the years their days give on `day` (an anniversary may fall on it). */
  const priceHeld = async (day: string, ids: Iterable<number>) => {
    if (!book) useBook(await pricing.rulesAt(opts.tx, day));
    return Array.from(ids, (id) => {
      let e = records.get(id)!;
      if (e.hireDate !== null || e.careerStartDate !== null) {
        const years = derivedYears(e, e, day);
        if (years.yearsExperience !== e.yearsExperience || years.yearsWithCompany !== e.yearsWithCompany) {
          e = { ...e, ...years };
          records.set(id, e);
        }
      }
      return priceWith(book!, e);
    });
  };
  const read = async (day: string, ids: readonly number[] | undefined) => {
    if (ids !== undefined && ids.length === 0) return [];
    const { employees } = await pricing.priceEmployees(
      { asOf: day, ...(ids === undefined ? {} : { ids }) },
      opts.tx ? { tx: opts.tx } : {},
    );
    for (const p of employees) records.set(p.employee.id, p.employee);
    return employees;
  };
  /** `ids`: those whose version starts `day` read again, the others priced from their records. */
  const some = async (day: string, ids: readonly number[]) => {
    const starting = versionsOn.get(day);
    const again = ids.filter((id) => starting?.has(id) || !records.has(id));
    const held = again.length ? ids.filter((id) => !starting?.has(id) && records.has(id)) : ids;
    return [...(await read(day, again)), ...(await priceHeld(day, held))];
  };
  return async (day, ids) => {
    if (ids !== undefined) return some(day, ids);
    useBook(await pricing.rulesAt(opts.tx, day));
    // The first day reads everyone; a rule's day prices everyone read (a version starting
    // the same day is read again).
    return records.size === 0 ? read(day, opts.scope) : some(day, [...records.keys()]);
  };
}

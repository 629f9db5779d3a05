import type { DbOrTx } from '../../db/client.ts';
import { derivedYears } from '../employees/employee.model.ts';
import type { PricedEmployee, PricingService } from './pricing.service.ts';

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
  const versions = new Set(Array.from(opts.versionDays, (v) => `${v.id}:${v.day}`));
  let book: Awaited<ReturnType<DayPricing['rulesAt']>> | undefined;
  const priceHeld = async (day: string, ids: Iterable<number>) => {
    book ??= await pricing.rulesAt(opts.tx, day);
    return Array.from(ids, (id) => {
      const e = records.get(id)!;
      const moved = { ...e, ...derivedYears(e, e, day) };
      records.set(id, moved);
      return pricing.price(book!, moved);
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
    const again = ids.filter((id) => versions.has(`${id}:${day}`) || !records.has(id));
    const held = ids.filter((id) => !versions.has(`${id}:${day}`) && records.has(id));
    return [...(await read(day, again)), ...(await priceHeld(day, held))];
  };
  return async (day, ids) => {
    if (ids !== undefined) return some(day, ids);
    book = await pricing.rulesAt(opts.tx, day);
    // The first day reads everyone; a rule's day prices everyone read (a version starting
    // the same day is read again).
    return records.size === 0 ? read(day, opts.scope) : some(day, [...records.keys()]);
  };
}

import { figuresWithPrepared } from '@salary/salary-engine/calculate-salary';
import { SalaryEngineError } from '@salary/salary-engine/salary-engine-error';
import {
  type BandPosition,
  bandPosition,
  compaRatioHundredths,
} from '@salary/shared/base-salaries/salary-bands';
import { asCents, type Cents } from '@salary/shared/common/money';
import type { DbOrTx } from '../../db/client.ts';
import { SnapshotCache } from '../../lib/snapshot-cache.ts';
import type { RuleSettings } from '../settings/settings.repository.ts';
import type { WholeList } from './employee-rows.repository.ts';
import {
  type EmployeeRecord,
  type ListPage,
  narrowsRows,
  type PricingRepository,
  type RowFilters,
} from './pricing.repository.ts';
import type { FactorRecord, ReferenceIds, References, StoredRules } from './rules.repository.ts';
import { RuleBook } from './salary-rules.model.ts';

/*
 * The read model "employees priced at a database snapshot", and every cache kept on it — the
 * one place that decides what is answered from memory:
 *
 * - the whole list as last priced outside any write, with each row's version, re-read and
 *   re-priced only where something was written since (docs/decisions/0003);
 * - the calculator's rules per (job, position, grade, level), per snapshot;
 * - the employee views built from the priced rows (per visibility) and the lists made of them
 *   (per visibility and filters), per snapshot.
 *
 * A value cached at snapshot S is exact for a later read that finds the database still at S
 * (lib/snapshot-cache.ts); nothing read inside a transaction (a `tx` handed in) is cached. With `caches: false`
 * (CACHES=off) nothing at all is kept: every read goes to the database and is priced anew,
 * which must answer exactly the same (test/employees/list-after-writes.test.ts runs both ways).
 */

/**
 * One employee and its figures, in cents: gross pay and total cost to the company, null
 * without a base salary. Whoever answers them converts at its edge (`fromCents`).
 */
export interface PricedEmployee {
  employee: EmployeeRecord;
  calculatedSalary: Cents | null;
  accumulatedCost: Cents | null;
  /** Base salary + job/position adjustment (the engine's `adjustedSalary`): the ordinary basic wage. */
  basicWage: Cents | null;
  /** The benefits' amount (pay in kind, on top of gross; part of the cost). */
  benefits: Cents | null;
  /** The company's share of social insurance (the rest of the cost beyond gross and benefits). */
  companyInsurance: Cents | null;
  /**
   * The basic wage and the employee's own allowance ÷ the band's midpoint, in hundredths (1.05
   * is 105); null: not priced.
   */
  compaRatio: number | null;
  /** Where the basic wage stands in the grade and level's band; null: not priced. */
  bandPosition: BandPosition | null;
}

/** Prices one employee with the shared rules; no base salary → nulls, never a failure. */
export function priceEmployee(book: RuleBook, employee: EmployeeRecord): PricedEmployee {
  try {
    const figures = figuresWithPrepared(book.forEmployee(employee), employee);
    // Priced means a base salary, so a band, on the same day's rules. The band compares the
    // basic wage with the employee's own allowance.
    const band = book.bandOf(employee.gradeId, employee.levelId);
    const banded = asCents(figures.adjustedSalary + figures.ownComponents);
    return {
      employee,
      calculatedSalary: figures.grossSalary,
      accumulatedCost: figures.totalCost,
      basicWage: figures.adjustedSalary,
      benefits: figures.totalBenefitsCost,
      companyInsurance: figures.companySocialInsurance,
      compaRatio: band ? compaRatioHundredths(banded, band) : null,
      bandPosition: band ? bandPosition(banded, band) : null,
    };
  } catch (error) {
    if (error instanceof SalaryEngineError)
      return {
        employee,
        calculatedSalary: null,
        accumulatedCost: null,
        basicWage: null,
        benefits: null,
        companyInsurance: null,
        compaRatio: null,
        bandPosition: null,
      };
    throw error;
  }
}

/** Whether two pricings of the same employee record answer the same figures (every one of them). */
function sameFigures(a: PricedEmployee, b: PricedEmployee): boolean {
  if (a === b) return true;
  for (const key of Object.keys(a) as (keyof PricedEmployee)[])
    if (key !== 'employee' && a[key] !== b[key]) return false;
  return true;
}

/** What a calculation reads from the database for one (job, position, grade, level). */
export interface ProfileRules {
  settings: RuleSettings;
  references: References;
  baseSalary: Cents | null;
  factor: FactorRecord | null;
}

/** Distinct (visibility, filters) lists kept for the current snapshot. */
const LIST_CACHE_ENTRIES = 4;

export function createPricedReadModel(deps: {
  repo: PricingRepository;
  /** The settings record, recreated if its row is missing (never, after migrations). */
  settings(tx?: DbOrTx): Promise<RuleSettings>;
  /** false: nothing is kept between reads (CACHES=off). */
  caches: boolean;
}) {
  const { repo, caches } = deps;
  /** The calculator's rules per (job, position, grade, level), keyed on a snapshot. */
  const profiles = caches ? new SnapshotCache<ProfileRules>() : undefined;
  /** Lists already built, per key (visibility and filters), for the snapshot they were read at. */
  const lists = caches ? new SnapshotCache<readonly unknown[]>(LIST_CACHE_ENTRIES) : undefined;
  /** The views of each priced employee, per visibility, for as long as that priced employee is kept. */
  const views = new Map<string, WeakMap<PricedEmployee, unknown>>();

  const bookOf = async (rules: StoredRules, tx?: DbOrTx) =>
    new RuleBook(rules.settings ?? (await deps.settings(tx)), rules.baseSalaries, rules.factors);

  /**
   * The whole directory as last priced outside any write, with each row's version: the next
   * whole-list read re-reads only the rows written since (every row when a name changed) and
   * re-prices only those (everyone when a base salary, factor or setting changed), so a write
   * elsewhere, or to one employee, costs neither a read nor a pricing of every row. Replaced
   * by each whole-list read. `today`: the list as of today; `onDay`: as of the last other day
   * asked (the directory or Pay Overview looking at one past or future day), kept the same way.
   */
  type Whole = WholeList & { priced: PricedEmployee[]; book: RuleBook };
  const whole: { today?: Whole; onDay?: Whole } = {};

  /** The whole list kept for that day (undefined: today), if any. */
  const keptOf = (asOf: string | undefined) =>
    asOf === undefined ? whole.today : whole.onDay?.asOf === asOf ? whole.onDay : undefined;

  async function priceWhole(
    asOf?: string,
    within?: DbOrTx,
  ): Promise<{ employees: PricedEmployee[]; snapshot: string; book: RuleBook }> {
    const known = keptOf(asOf);
    const read = await repo.wholeListSince(known, asOf, within);
    const sameRules = known !== undefined && read.rules === known.rules;
    const book = sameRules ? known.book : await bookOf(read.stored, within);
    const priced: PricedEmployee[] = new Array(read.ids.length);
    let next = 0;
    for (let i = 0; i < priced.length; i++) {
      const at = read.reuse[i]!;
      if (at < 0) priced[i] = priceEmployee(book, read.read[next++]!);
      else {
        const before = known!.priced[at]!;
        // Same row, other rules: priced again, but kept as it was if its figures did not move
        // (its view and JSON are then the ones already made).
        const now = sameRules ? before : priceEmployee(book, before.employee);
        priced[i] = sameFigures(now, before) ? before : now;
      }
    }
    const { reuse: _reuse, read: _read, ...list } = read;
    // Read inside a write: its rows may be uncommitted (or rolled back), so nothing is kept.
    if (within) return { employees: priced, snapshot: read.snapshot, book };
    if (asOf === undefined) whole.today = { ...list, priced, book };
    else whole.onDay = { ...list, priced, book };
    return { employees: priced, snapshot: read.snapshot, book };
  }

  return {
    /** Whether anything is kept between reads (CACHES). */
    caches,

    /** Rules as read → a rule book (the settings recreated if their row is missing). */
    bookOf,

    /**
     * Every matching employee priced (all benefits, the employee's own custom multipliers,
     * settings' social insurance), rows and rules read in ONE statement (or one snapshot), which
     * is answered too. With a `page`, only that keyset page (by id). The whole list outside any
     * write, today's or as of a day, is kept and re-read by row version (see `whole`), unless
     * caches are off. `book`: the rules they were priced with (read with them), to price more by.
     * `fromKept`, inside a write's transaction (`tx`): the whole list starts from the one kept for
     * that day, its row versions and fingerprints read inside `tx` (a row the write changed has
     * its transaction's version, so it is read again), and what it reads is not kept.
     */
    async priceEmployees(
      filters: RowFilters = {},
      options: { page?: ListPage; tx?: DbOrTx; fromKept?: boolean } = {},
    ): Promise<{ employees: PricedEmployee[]; snapshot: string; book: RuleBook }> {
      const all = !options.page && !narrowsRows({ ...filters, asOf: undefined });
      if (caches && all && !options.tx) return priceWhole(filters.asOf);
      if (all && options.tx && options.fromKept && keptOf(filters.asOf))
        return priceWhole(filters.asOf, options.tx);
      const read = await repo.employeesWithRules(filters, options.page, options.tx);
      const book = await bookOf(read.rules, options.tx);
      const priced: PricedEmployee[] = new Array(read.employees.length);
      for (let i = 0; i < priced.length; i++) priced[i] = priceEmployee(book, read.employees[i]!);
      return { employees: priced, snapshot: read.snapshot, book };
    },

    /**
     * What a calculation reads for one (job, position, grade, level): one statement on a
     * miss; none when `snapshot` (the snapshot the caller's data was read at) already read
     * this profile. Inside a transaction the snapshot says nothing about what it sees: no cache.
     */
    async profileRules(
      ids: ReferenceIds,
      snapshot: string | undefined,
      tx?: DbOrTx,
      asOf?: string,
    ): Promise<ProfileRules> {
      const key = `${ids.jobId}:${ids.positionId}:${ids.gradeId}:${ids.levelId}:${asOf ?? ''}`;
      const hit = tx ? undefined : profiles?.get(snapshot, key);
      if (hit) return hit;
      const read = await repo.profileRules(ids, tx, asOf);
      if (!read.settings) return { ...read, settings: await deps.settings(tx) };
      const rules: ProfileRules = { ...read, settings: read.settings };
      if (!tx) profiles?.set(read.snapshot, key, rules);
      return rules;
    },

    /**
     * A list built from priced rows, kept per `key` for the snapshot it was read at: asked for
     * again while nothing was written anywhere, it is answered without reading and pricing
     * every row again — exact, and across replicas. `snapshotNow` is asked only when caches
     * are on. The answer may be shared with other callers: read it, never change it.
     */
    async list<V>(
      key: string,
      snapshotNow: () => Promise<string>,
      build: () => Promise<{ list: V[]; snapshot: string }>,
    ): Promise<V[]> {
      if (!lists) return (await build()).list;
      const cached = lists.get(await snapshotNow(), key) as V[] | undefined;
      if (cached) return cached;
      const { list, snapshot } = await build();
      lists.set(snapshot, key, list);
      return list;
    },

    /**
     * The view of a priced employee for one visibility (`visibility` names it), made once per
     * priced employee while the whole list keeps it: after a write, the other rows' views (and
     * their JSON, employees.wire.ts) are the ones already made. Made anew each time when caches
     * are off.
     */
    viewOf<V extends object>(visibility: string, priced: PricedEmployee, make: () => V): V {
      if (!caches) return make();
      let made = views.get(visibility) as WeakMap<PricedEmployee, V> | undefined;
      if (!made) {
        made = new WeakMap();
        views.set(visibility, made);
      }
      let view = made.get(priced);
      if (!view) {
        view = make();
        made.set(priced, view);
      }
      return view;
    },
  };
}

export type PricedReadModel = ReturnType<typeof createPricedReadModel>;

import { isCalendarDay } from '@salary/shared/common/calendar-day';
import { type Actor, can } from '@salary/shared/common/permissions';
import {
  effectiveFromOf,
  IMPACT_WRITE_REFUSED,
  type Impact,
  type ImpactRequest,
  isImpactWrite,
  isRaiseCycleApply,
} from '@salary/shared/impact/impact.contract';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import { runPreview, type UnitOfWork } from '../../lib/unit-of-work.ts';
import type { PricedEmployee, PricingService } from '../pricing/pricing.service.ts';
import {
  type BackPayScope,
  type BackPayService,
  backPayFor,
  type RulePairs,
  type StoredBackPay,
} from './back-pay.service.ts';
import { compareImpact } from './impact.compare.ts';

export const EFFECTIVE_FROM_INVALID = 'Effective From must be a date written YYYY-MM-DD (e.g. 2024-03-15)';

/** What the real write route answered: its status and its body (the envelope). */
export interface WriteAnswer {
  statusCode: number;
  body: unknown;
}

/** Runs the write through the real route (validation, permissions, service) in the preview's unit of work. */
export type RunWrite = (write: ImpactRequest, uow: UnitOfWork) => Promise<WriteAnswer>;

export type PreviewOutcome = { refused: WriteAnswer } | { impact: Impact };

/** A row id the database can hold (a positive int4), or undefined: no row has any other. */
const idOf = (v: unknown) =>
  typeof v === 'number' && Number.isSafeInteger(v) && v > 0 && v <= 2_147_483_647 ? v : undefined;

/** Each rule table a preview writes: where its rows' ids and its pairs go, and the body's two keys. */
const PAIR_TABLES = {
  'base-salary': { rows: 'baseSalaryIds', pairs: 'gradeLevels', keys: ['gradeId', 'levelId'] },
  'adjustment-factors': { rows: 'factorIds', pairs: 'jobPositions', keys: ['jobId', 'positionId'] },
} as const;

/**
 * The pairs a rule write names: a base salary's (grade, level), a factor's (job, position), from
 * its body and, for a stored row, from the row; undefined for the settings (they move everyone)
 * or a write that names no pair (the write itself then answers 400).
 */
export function pairsOfWrite(write: ImpactRequest): RulePairs | undefined {
  const [, table, idText] = write.path.replace(/\?.*$/, '').split('/');
  const spec = PAIR_TABLES[table as keyof typeof PAIR_TABLES];
  if (!spec) return undefined;
  const pairs: RulePairs = { gradeLevels: [], jobPositions: [], baseSalaryIds: [], factorIds: [] };
  const id = idOf(Number(idText));
  if (id !== undefined) pairs[spec.rows].push(id);
  const body = (write.body ?? {}) as Record<string, unknown>;
  const [first, second] = spec.keys.map((k) => idOf(body[k]));
  if (write.method !== 'DELETE' && first && second) pairs[spec.pairs].push([first, second]);
  else if (idText === undefined) return undefined;
  return pairs;
}

/**
 * A rule write previewed: everyone priced (the bulk path), the write run by its own route,
 * everyone priced again with the rules it left — all in ONE transaction that always rolls back, so the audit entry
 * and pay history the write makes vanish with it, and both pricings see one consistent
 * database. A write the route refuses is answered exactly as the route answered it.
 */
export function createImpactService(deps: {
  db: Db;
  pricing: PricingService;
  backPay: BackPayService;
  /** A raise cycle's effective day (undefined: no such cycle; its own route then answers 404). */
  raiseCycleDay(tx: UnitOfWork['tx'], id: number): Promise<string | undefined>;
}) {
  const { pricing } = deps;
  /** Whose back pay a write can move: those ever on the pairs it names; everyone for the settings. */
  const scopeOf = async (write: ImpactRequest, uow: UnitOfWork): Promise<BackPayScope> => {
    const pairs = pairsOfWrite(write);
    return pairs ? deps.backPay.employeesOn(uow.tx, pairs) : 'all';
  };
  const priceEveryone = async (uow: UnitOfWork) =>
    (await pricing.priceEmployees({}, { tx: uow.tx })).employees;
  /**
   * A rule write changes rules, never employees: after it only the rules are read again
   * (one small statement) and the rows already read are priced with them.
   */
  const priceAgain = async (uow: UnitOfWork, before: PricedEmployee[]) => {
    const book = await pricing.rulesAt(uow.tx);
    return before.map((p) => pricing.price(book, p.employee));
  };

  return {
    async preview(
      actor: Actor & { email: string },
      write: ImpactRequest,
      runWrite: RunWrite,
    ): Promise<PreviewOutcome> {
      if (!isImpactWrite(write.method, write.path))
        throw badRequest(IMPACT_WRITE_REFUSED, [{ field: 'path', message: IMPACT_WRITE_REFUSED }]);
      const pathDay = effectiveFromOf(write.path);
      if (pathDay !== undefined && !isCalendarDay(pathDay))
        throw badRequest(EFFECTIVE_FROM_INVALID, [{ field: 'path', message: EFFECTIVE_FROM_INVALID }]);
      const see = { salary: can(actor, 'showSalary'), cost: can(actor, 'showCost') };
      // A raise cycle's application changes employees (not rules), from the cycle's own day, and
      // is an administrator's.
      const applying = isRaiseCycleApply(write.path);
      // Someone who may not make the write is refused by the write itself (same 403), before
      // anyone is priced: a refused preview costs no more than the refused write.
      const mayWrite = applying ? actor.isAdmin : can(actor, 'manageSettings');
      return runPreview(
        deps.db,
        { actor: { id: actor.id, email: actor.email }, label: `preview ${write.method} ${write.path}` },
        async (uow): Promise<PreviewOutcome> => {
          const effectiveFrom = applying
            ? await deps.raiseCycleDay(uow.tx, Number(write.path.split('/')[2]))
            : pathDay;
          // A change for a day still to come moves nothing today: it is compared as of its day.
          const onDay =
            effectiveFrom !== undefined && effectiveFrom > (await deps.backPay.today(uow.tx))
              ? effectiveFrom
              : undefined;
          const priceOn = async (day: string) =>
            (await pricing.priceEmployees({ asOf: day }, { tx: uow.tx })).employees;
          const before = !mayWrite ? [] : onDay ? await priceOn(onDay) : await priceEveryone(uow);
          let answer: WriteAnswer | undefined;
          const run = async () => {
            answer = await runWrite(write, uow);
            return answer.statusCode < 400;
          };
          // Dated before today (and allowed to write): what it owes for the days since, too,
          // priced for those the write can move.
          let owed: StoredBackPay | undefined;
          if (mayWrite && effectiveFrom !== undefined)
            owed = await deps.backPay.backPayOf(uow, effectiveFrom, await scopeOf(write, uow), run);
          else await run();
          if (answer!.statusCode >= 400) return { refused: answer! };
          if (!mayWrite) throw new Error('a previewed write passed without its permission');
          const after = onDay
            ? await priceOn(onDay)
            : applying
              ? await priceEveryone(uow)
              : await priceAgain(uow, before);
          const impact = compareImpact(before, after, see);
          return { impact: owed ? { ...impact, backPay: backPayFor(owed, see) } : impact };
        },
      );
    },
  };
}

export type ImpactService = ReturnType<typeof createImpactService>;

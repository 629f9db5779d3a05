import { PLAIN_PROFILE } from '@salary/salary-engine/salary-types';
import { todayIn } from '@salary/shared/common/calendar-day';
import { formatDay } from '@salary/shared/common/date-time';
import type { FieldProblem } from '@salary/shared/common/envelope';
import { asCents, type Cents, formatMoney, fromCents } from '@salary/shared/common/money';
import type { Actor } from '@salary/shared/common/permissions';
import { type Company, type CompanyFormat, formatOf } from '@salary/shared/company/company.contract';
import {
  type MoneyRange,
  NO_BASE_SALARY_NOTE,
  type PostingRange,
  type PostingRangeLevel,
  type PostingRangeQuery,
} from '@salary/shared/pay-transparency/posting-range.contract';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { requireMoneyRulesReader } from '../../lib/authorize.ts';
import { BASE_SALARY_NOT_FOUND, type PricingService } from '../pricing/pricing.service.ts';
import type { PostingNames, PostingRangeRepository } from './posting-range.repository.ts';

/*
 * The pay range of a job posting: each chosen level's basic pay (the engine's adjusted salary:
 * base salary + job/position adjustment) priced by the calculator's own path as of the day,
 * so the range is the figure the calculator gives for that profile. It is a rule of the
 * company, not anyone's pay: whoever may read the money rules may read it.
 */

const MONTHS = 12;

/** 400 naming each id that does not exist, and a position that is not the job's. */
function assertNames(names: PostingNames, q: PostingRangeQuery): void {
  const problems: FieldProblem[] = [];
  if (names.job === null) problems.push({ field: 'jobId', message: 'Job not found' });
  if (names.position === null) problems.push({ field: 'positionId', message: 'Position not found' });
  else if (names.job !== null && names.position.jobId !== q.jobId)
    problems.push({ field: 'positionId', message: 'Position does not belong to the selected job' });
  if (names.grade === null) problems.push({ field: 'gradeId', message: 'Grade not found' });
  const found = new Set(names.levels.map((l) => l.id));
  const unknown = q.levelIds.filter((id) => !found.has(id));
  if (unknown.length)
    problems.push({
      field: 'levelIds',
      message: `${unknown.length === 1 ? 'Level' : 'Levels'} not found: ${unknown.join(', ')}`,
    });
  if (problems.length) throw badRequest(problems.map((p) => p.message).join('; '), problems);
}

function rangeOf(amounts: Cents[]): { min: Cents; max: Cents } | null {
  if (amounts.length === 0) return null;
  return { min: asCents(Math.min(...amounts)), max: asCents(Math.max(...amounts)) };
}

const decimalRange = (r: { min: Cents; max: Cents } | null): MoneyRange | null =>
  r && { min: fromCents(r.min), max: fromCents(r.max) };

/** "€4,200.00–€5,100.00", or one amount when the two are the same. */
function spanText(r: MoneyRange, money: (value: number) => string): string {
  return r.min === r.max ? money(r.min) : `${money(r.min)}–${money(r.max)}`;
}

/**
 * The posting's sentence: "Backend — API Developer, Senior: $4,200.00–$5,100.00 per month
 * ($50,400.00–$61,200.00 per year), as of Jan 1, 2027." In the company's currency and locale;
 * `money` lets the PDF write what its font can.
 */
export function postingRangeText(
  r: Pick<PostingRange, 'job' | 'position' | 'grade' | 'monthly' | 'annual' | 'asOf'>,
  format: CompanyFormat,
  money: (value: number) => string = (value) => formatMoney(value, format),
): string {
  const day = formatDay(r.asOf, format);
  const what = `${r.job.name} — ${r.position.name}, ${r.grade.name}`;
  if (!r.monthly || !r.annual) return `${what}: no base salary is set for the chosen levels as of ${day}.`;
  return (
    `${what}: ${spanText(r.monthly, money)} per month ` +
    `(${spanText(r.annual, money)} per year), as of ${day}.`
  );
}

export function createPostingRangeService(deps: {
  pricing: Pick<PricingService, 'calculate'>;
  repo: PostingRangeRepository;
  /** The company record: its today (time zone) and how its money and days read. */
  company: { get(): Promise<Pick<Company, 'currency' | 'locale' | 'timeZone'>> };
  now?: () => Date;
}) {
  const { pricing, repo, company } = deps;

  /** One level's adjusted salary as the calculator prices it that day; null without a base salary. */
  async function basicPay(q: PostingRangeQuery, levelId: number, asOf: string | undefined) {
    try {
      const { jobId, positionId, gradeId } = q;
      const profile = { jobId, positionId, gradeId, levelId, ...PLAIN_PROFILE };
      const result = await pricing.calculate(profile, { asOf });
      return result.details.adjustedSalary;
    } catch (error) {
      if (error instanceof AppError && error.code === BASE_SALARY_NOT_FOUND) return null;
      throw error;
    }
  }

  return {
    /** Admins and readers of the money rules (403 otherwise, before anything is read). */
    async range(actor: Actor, q: PostingRangeQuery): Promise<PostingRange> {
      requireMoneyRulesReader(actor);
      const [names, record] = await Promise.all([repo.names(q), company.get()]);
      const format = formatOf(record);
      const today = todayIn(record.timeZone, (deps.now ?? (() => new Date()))());
      assertNames(names, q);
      const day = q.asOf ?? today;
      // Today: the rule tables (what the calculator reads with no day); another day: the rules then.
      const pricedOn = day === today ? undefined : day;
      const levels: PostingRangeLevel[] = [];
      const amounts: Cents[] = [];
      for (const level of names.levels) {
        const cents = await basicPay(q, level.id, pricedOn);
        if (cents !== null) amounts.push(cents);
        levels.push({
          id: level.id,
          name: level.name,
          monthly: cents === null ? null : fromCents(cents),
          annual: cents === null ? null : fromCents(asCents(cents * MONTHS)),
          note: cents === null ? NO_BASE_SALARY_NOTE : null,
        });
      }
      const monthly = rangeOf(amounts);
      const range = {
        job: { id: q.jobId, name: names.job! },
        position: { id: q.positionId, name: names.position!.name },
        grade: { id: q.gradeId, name: names.grade! },
        levels,
        monthly: decimalRange(monthly),
        annual: decimalRange(
          monthly && { min: asCents(monthly.min * MONTHS), max: asCents(monthly.max * MONTHS) },
        ),
        currency: format.currency,
        locale: format.locale,
        asOf: day,
      };
      return { ...range, text: postingRangeText(range, format) };
    },
  };
}

export type PostingRangeService = ReturnType<typeof createPostingRangeService>;

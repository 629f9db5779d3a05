import { PLAIN_PROFILE, type SalaryProfile } from '@salary/salary-engine/salary-types';
import { todayIn } from '@salary/shared/common/calendar-day';
import { asCents, fromCents, toCents } from '@salary/shared/common/money';
import type { EmployeeInput } from '@salary/shared/employees/employee.contract';
import type { BackPay } from '@salary/shared/impact/impact.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysInMonthOf, plusDays } from '../support/days.ts';
import { buildMediumServices, type MediumContext } from '../support/medium.ts';

/*
 * Back pay against an independent model: every day of the period priced one by one, before
 * the write and after it (`priceEmployees({ asOf })` for that single day), each day's difference
 * divided by its month's days as an exact fraction, summed, rounded once half away from zero.
 * The period crosses month ends and a leap February; among the employees are a joiner (hired
 * inside the period), a leaver (left inside it), one whose years grow on anniversaries inside
 * it (hire and career start), one hired on a 29 February, and one with a later version inside
 * the period (the write holds only up to it).
 */

let t: MediumContext;
let today: string;
let from: string;

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** The last leap year whose February is over; the period starts in its January. */
function periodStart(now: string): string {
  let year = Number(now.slice(0, 4));
  while (!(isLeap(year) && `${year}-03-01` <= now)) year--;
  return `${year}-01-20`;
}

/** A fraction n/d with BigInt, kept reduced. */
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
function add(x: [bigint, bigint], n: bigint, d: bigint): [bigint, bigint] {
  const num = x[0] * d + n * x[1];
  const den = x[1] * d;
  const g = gcd(num, den) || 1n;
  return [num / g, den / g];
}
/** n/d cents rounded to a whole cent, half away from zero, as a decimal. */
function rounded([n, d]: [bigint, bigint]): number {
  const neg = n < 0n;
  const a = neg ? -n : n;
  let q = a / d;
  if ((a % d) * 2n >= d) q += 1n;
  return fromCents(asCents(Number(neg ? -q : q)));
}

interface Day {
  gross: number | null;
  cost: number | null;
  employed: boolean;
}
/** Each employee's monthly figures (cents) on every day of the period, one pricing per day. */
async function everyDay(ids: number[]): Promise<Map<string, Map<number, Day>>> {
  const days = new Map<string, Map<number, Day>>();
  for (let d = from; d < today; d = plusDays(d, 1)) {
    const read = await t.services.pricing.priceEmployees({ asOf: d, ids }, {});
    days.set(
      d,
      new Map(
        read.employees.map((p) => [
          p.employee.id,
          {
            gross: p.calculatedSalary,
            cost: p.accumulatedCost,
            employed:
              (!p.employee.hireDate || p.employee.hireDate <= d) &&
              (!p.employee.leaveDate || p.employee.leaveDate >= d),
          },
        ]),
      ),
    );
  }
  return days;
}

/** The model: Σ over the days employed of (after − before) ÷ days in that month, rounded once. */
function model(before: Map<string, Map<number, Day>>, after: Map<string, Map<number, Day>>, id: number) {
  let gross: [bigint, bigint] = [0n, 1n];
  let cost: [bigint, bigint] = [0n, 1n];
  for (const [d, was] of before) {
    const b = was.get(id);
    const a = after.get(d)?.get(id);
    const value = (x: Day | undefined, k: 'gross' | 'cost') => BigInt(x?.employed ? (x[k] ?? 0) : 0);
    gross = add(gross, value(a, 'gross') - value(b, 'gross'), BigInt(daysInMonthOf(d)));
    cost = add(cost, value(a, 'cost') - value(b, 'cost'), BigInt(daysInMonthOf(d)));
  }
  return { gross: rounded(gross), cost: rounded(cost) };
}

let ids: Record<'longTimer' | 'joiner' | 'leaver' | 'leapDay' | 'versioned' | 'untouched', number>;
let raise: { gradeId: number; levelId: number };

async function recordOf(id: number): Promise<EmployeeInput> {
  const [p] = (await t.services.pricing.priceEmployees({ id }, {})).employees;
  const e = p!.employee;
  // PLAIN_PROFILE's keys are the profile's fields: one the engine gains is carried over too.
  const profile = Object.fromEntries(Object.keys(PLAIN_PROFILE).map((k) => [k, e[k as keyof SalaryProfile]]));
  const { name, gender, jobId, positionId, gradeId, levelId, customMultiplierIds } = e;
  const { hireDate, careerStartDate, leaveDate } = e;
  const place = { jobId, positionId, gradeId, levelId };
  return {
    name,
    gender,
    ...place,
    ...profile,
    customMultiplierIds,
    hireDate,
    careerStartDate,
    leaveDate,
  } as EmployeeInput;
}

beforeAll(async () => {
  t = await buildMediumServices();
  today = todayIn('UTC');
  from = periodStart(today);
  const c = await t.newCompany(4000);
  const senior = await t.newGrade('Senior', 90);
  await t.newBaseSalary(senior.id, c.level.id, 5321.37);
  raise = { gradeId: senior.id, levelId: c.level.id };
  // Years count: experience and loyalty per year, so anniversaries move pay.
  await t.setSettings({ experienceMultiplier: 1.5, loyaltyMultiplier: 2, remoteMultiplier: 3 });
  const of = (input: Partial<EmployeeInput>) => t.newEmployeeOf(c, input);
  ids = {
    longTimer: await of({ name: 'Long Timer', hireDate: '2015-06-10', careerStartDate: '2010-03-03' }),
    joiner: await of({ name: 'New Joiner', hireDate: plusDays(from, 45) }),
    leaver: await of({ name: 'Old Leaver', hireDate: '2018-01-01', leaveDate: plusDays(from, 400) }),
    leapDay: await of({ name: 'Leap Day', hireDate: '2016-02-29', remote: true }),
    versioned: await of({ name: 'Has Versions', yearsExperience: 4 }),
    untouched: await of({ name: 'Not Changed', hireDate: '2019-09-09' }),
  };
  // A version inside the period, written before: the write from `from` holds only up to it.
  const v = await recordOf(ids.versioned);
  await t.asActor(t.admin, (s, uow) =>
    s.employees.update(uow, t.admin, ids.versioned, { ...v, remote: true }, undefined, plusDays(from, 100)),
  );
});
afterAll(async () => t.close());

describe('back pay of employee changes dated in the past', () => {
  it('equals the day-by-day model for each employee and in total', async () => {
    const scope = Object.values(ids);
    const changed = [ids.longTimer, ids.joiner, ids.leaver, ids.leapDay, ids.versioned];
    const inputs = new Map<number, EmployeeInput>();
    for (const id of changed) inputs.set(id, { ...(await recordOf(id)), ...raise });
    const before = await everyDay(scope);

    const single = new Map<number, BackPay | undefined>();
    const all = await t.asActor(t.admin, (s, uow) =>
      s.backPay.backPayOf(uow, from, scope, async () => {
        for (const id of changed) {
          const view = await s.employees.update(uow, t.admin, id, inputs.get(id)!, undefined, from);
          single.set(id, view.backPay);
        }
      }),
    );
    const after = await everyDay(scope);

    expect(all).toBeDefined();
    expect(all!.from).toBe(from);
    expect(all!.to).toBe(plusDays(today, -1));
    const byId = new Map(all!.employees.map((e) => [e.id, e]));
    let grossTotal = 0;
    let costTotal = 0;
    for (const id of scope) {
      const expected = model(before, after, id);
      const got = byId.get(id);
      if (expected.gross === 0 && expected.cost === 0) {
        expect(got, `employee ${id} owed nothing`).toBeUndefined();
        continue;
      }
      expect({ gross: got?.gross, cost: got?.cost }, `employee ${id}`).toEqual(expected);
      // The same back pay answered by the employee's own save (one employee at a time).
      expect(single.get(id)?.totals).toEqual(expected);
      grossTotal += toCents(expected.gross);
      costTotal += toCents(expected.cost);
    }
    expect(byId.has(ids.untouched)).toBe(false);
    expect(all!.totals).toEqual({
      gross: fromCents(asCents(grossTotal)),
      cost: fromCents(asCents(costTotal)),
    });
    // Every changed employee is owed something; the joiner less than the long timer.
    for (const id of changed) expect(byId.get(id)?.gross ?? 0).toBeGreaterThan(0);
    expect(byId.get(ids.joiner)!.gross).toBeLessThan(byId.get(ids.longTimer)!.gross);
    // Largest first.
    const grosses = all!.employees.map((e) => e.gross);
    expect(grosses).toEqual([...grosses].sort((a, b) => b - a));

    // The employee's audit entry keeps it.
    const entries = await t.services.audit.list(t.admin, {
      entityType: 'employee',
      entityId: ids.leaver,
      limit: 5,
    } as never);
    const kept = entries.entries.find((e) => (e.details as { backPay?: unknown } | null)?.backPay);
    expect((kept!.details as { backPay: { totals: unknown } }).backPay.totals).toEqual(
      model(before, after, ids.leaver),
    );
    // Every day of up to four years priced twice, one statement each: slow, by design.
  }, 240_000);
});

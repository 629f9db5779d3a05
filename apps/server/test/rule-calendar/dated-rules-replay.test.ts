import { addDays, todayIn } from '@salary/shared/common/calendar-day';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeZone } from '../support/dated-company.ts';
import { idsOf } from '../support/factories.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';

/*
 * The replay oracle of dated rules: random sequences of dated rule writes (a base salary, an
 * adjustment factor and the remote multiplier; past, future, overlapping, the same day twice)
 * through the API; then, for random days d, every employee read as of d equals the same
 * employee on a fresh database whose rules are only what was in force on d (written today,
 * nothing dated). The model is the plain rule: on d, the write with the latest day on or
 * before d, else the value the rule had before any dated write.
 */

type Rule = 'base' | 'factor' | 'remote';
interface Op {
  rule: Rule;
  offset: number;
  value: number;
}

let written: TestContext;
let fresh: TestContext;
let today: string;
const apps = () => [written, fresh] as const;
/** Per app: the company's ids (each database numbers its own). */
const made = new Map<
  TestContext,
  {
    job: number;
    position: number;
    grade: number;
    level: number;
    base: number;
    factor: number;
    employees: number[];
  }
>();

const plus = addDays;

const INITIAL: Record<Rule, number> = { base: 4000, factor: 0.05, remote: 3 };
/** Every dated write of every run, per rule and day (runs share the database: earlier writes hold on). */
const model = new Map<Rule, Map<string, number>>(
  (Object.keys(INITIAL) as Rule[]).map((rule) => [rule, new Map([['-infinity', INITIAL[rule]]])]),
);

async function company(t: TestContext) {
  const job = await t.newJob('Engineering');
  const position = await t.newPosition(job.id, 'Backend');
  const grade = await t.newGrade('Mid', 10);
  const level = await t.newLevel('L1');
  const base = await t.newBaseSalary(grade.id, level.id, INITIAL.base);
  const factor = await t.newFactor(job.id, position.id, 'PERCENTAGE', INITIAL.factor);
  await t.setSettings({ remoteMultiplier: INITIAL.remote, loyaltyMultiplier: 1 });
  await setTimeZone(t, 'UTC');
  const employees: number[] = [];
  for (const [i, remote] of [false, true].entries()) {
    const res = await t.callAsAdmin<EmployeeView>({
      method: 'POST',
      url: '/api/employees',
      payload: {
        name: `Replay ${i}`,
        technologyId: job.id,
        specializationId: position.id,
        gradeId: grade.id,
        levelId: level.id,
        yearsExperience: 2,
        // Typed years, no days: only the rules make a day's figures differ.
        yearsWithCompany: 3,
        remote,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    employees.push(res.envelope.data.id);
  }
  made.set(t, { ...idsOf({ job, position, grade, level, base, factor }), employees });
}

/** Writes one rule's value from `day` (none: today, undated). */
async function write(t: TestContext, rule: Rule, value: number, day?: string) {
  const ids = made.get(t)!;
  const query = day ? `?effectiveFrom=${day}` : '';
  if (rule === 'base') {
    const res = await t.callAsAdmin({
      method: 'PUT',
      url: `/api/base-salary/${ids.base}${query}`,
      payload: { gradeId: ids.grade, levelId: ids.level, amount: value },
    });
    expect(res.statusCode, res.body).toBe(200);
  } else if (rule === 'factor') {
    const res = await t.callAsAdmin({
      method: 'PUT',
      url: `/api/adjustment-factors/${ids.factor}${query}`,
      payload: { jobId: ids.job, positionId: ids.position, factor: value, type: 'PERCENTAGE' },
    });
    expect(res.statusCode, res.body).toBe(200);
  } else {
    const now = await t.callAsAdmin<Record<string, unknown>>({ method: 'GET', url: '/api/settings' });
    const { updatedAt: _u, version: _v, ...record } = now.envelope.data;
    const res = await t.callAsAdmin({
      method: 'PUT',
      url: `/api/settings${query}`,
      payload: { ...record, remoteMultiplier: value },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** The employees as compared: no id (each database numbers its own) and no version. */
async function employeesOn(t: TestContext, day: string) {
  const mine = made.get(t)!.employees;
  const res = await t.callAsAdmin<Array<EmployeeView & { version?: number }>>({
    method: 'GET',
    url: `/api/employees?asOf=${day}&status=all`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.envelope.data
    .filter((e) => mine.includes(e.id))
    .map(({ id: _id, version: _version, ...rest }) => rest);
}

beforeAll(async () => {
  [written, fresh] = await Promise.all([buildTestApp(), buildTestApp()]);
  for (const t of apps()) await company(t);
  today = todayIn('UTC');
});
afterAll(async () => Promise.all([written?.close(), fresh?.close()]));

const op = fc.oneof(
  fc.record({
    rule: fc.constant<Rule>('base'),
    offset: fc.integer({ min: -50, max: 50 }),
    value: fc.integer({ min: 3000, max: 6000 }),
  }),
  fc.record({
    rule: fc.constant<Rule>('factor'),
    offset: fc.integer({ min: -50, max: 50 }),
    value: fc.integer({ min: -20, max: 30 }).map((n) => n / 100),
  }),
  fc.record({
    rule: fc.constant<Rule>('remote'),
    offset: fc.integer({ min: -50, max: 50 }),
    value: fc.integer({ min: 0, max: 12 }),
  }),
);

describe('dated rule writes replayed', () => {
  it('employees read as of any day equal a fresh database holding only the rules in force that day', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 1, maxLength: 5 }),
        fc.array(fc.integer({ min: -70, max: 70 }), { minLength: 1, maxLength: 2 }),
        async (ops: Op[], days) => {
          for (const o of ops) {
            const day = plus(today, o.offset);
            await write(written, o.rule, o.value, day);
            model.get(o.rule)!.set(day, o.value);
          }
          const inForce = (rule: Rule, day: string) => {
            const starts = [...model.get(rule)!.keys()].filter((k) => k <= day).sort();
            return model.get(rule)!.get(starts[starts.length - 1]!)!;
          };
          const checked = new Set([
            today,
            ...days.map((d) => plus(today, d)),
            ...ops.flatMap((o) => [plus(today, o.offset), plus(today, o.offset - 1)]),
          ]);
          for (const day of checked) {
            for (const rule of ['base', 'factor', 'remote'] as Rule[])
              await write(fresh, rule, inForce(rule, day));
            expect(await employeesOn(written, day), `as of ${day}`).toEqual(await employeesOn(fresh, today));
          }
        },
      ),
      { numRuns: 4 },
    );
  }, 300_000);
});

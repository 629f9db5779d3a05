import { addDays, todayIn } from '@salary/shared/common/calendar-day';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { versionedFormOf } from '../support/employee-forms.ts';
import { type Company, newCustomMultiplier } from '../support/factories.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';

/*
 * The whole list is kept priced between reads and, after a write, only the rows written since
 * are read and priced again (their row versions tell which; names and rules have versions of
 * their own). Whatever the write, the list must be exactly what an app that never saw the
 * list before answers: for every kind of write, the list of the app that kept it is compared
 * with the list of a fresh replica on the same database. Writes go straight to the database
 * as well as through the API, so nothing depends on the app knowing what was written. The list
 * as of another day is kept the same way (each employee's version in force then, the rules in
 * force then): every write is checked against it too, dated writes before and after that day
 * among them.
 */

let t: TestContext;
let db: Db;
let company: Company;
let employeeIds: number[];

// The company's time zone is UTC unless set (none of these writes sets it).
const TODAY = todayIn('UTC');
/** The other day the list is read as of, and days before and after it. */
const DAY = addDays(TODAY, -120);
const BEFORE_DAY = addDays(DAY, -30);
const AFTER_DAY = addDays(DAY, 30);

/** Which list: today's, or as of `DAY`. */
let asOf: string | undefined;

const list = async (call: TestContext['call']): Promise<EmployeeView[]> => {
  const url = `/api/employees${asOf ? `?asOf=${asOf}` : ''}`;
  const res = await call<EmployeeView[]>({ method: 'GET', url, token: t.adminToken });
  expect(res.statusCode).toBe(200);
  return res.envelope.data!;
};

async function freshList(): Promise<EmployeeView[]> {
  const replica = await t.replica();
  try {
    return await list(replica.call);
  } finally {
    await replica.close();
  }
}

/** Employee `id` edited through the API from `day` (absent: today), its years of experience up by two. */
async function editEmployee(id: number, day?: string) {
  const res = await t.callAsAdmin({ method: 'GET', url: `/api/employees/${id}` });
  const current = res.envelope.data as EmployeeView & { version: number };
  const put = await t.callAsAdmin({
    method: 'PUT',
    url: `/api/employees/${id}${day ? `?effectiveFrom=${day}` : ''}`,
    payload: versionedFormOf(current, {
      yearsExperience: current.yearsExperience + 2,
      remote: !current.remote,
    }),
  });
  expect(put.statusCode, put.body).toBe(200);
}

/** The company's base salary up by `cents` from `day` through the API. */
async function raiseBaseSalary(cents: number, day: string) {
  const all = await t.callAsAdmin<Array<{ id: number; amount: number; version: number }>>({
    method: 'GET',
    url: '/api/base-salary',
  });
  const now = all.envelope.data.find((b) => b.id === company.baseSalary.id)!;
  const put = await t.callAsAdmin({
    method: 'PUT',
    url: `/api/base-salary/${now.id}?effectiveFrom=${day}`,
    payload: {
      gradeId: company.grade.id,
      levelId: company.level.id,
      amount: now.amount + cents,
      version: now.version,
    },
  });
  expect(put.statusCode, put.body).toBe(200);
}

const execute = (statement: ReturnType<typeof sql>) => db.execute(statement);

interface Write {
  label: string;
  run(): Promise<unknown>;
  /** Whether today's list moves (false: a write elsewhere, or one rolled back). */
  moves: boolean;
  /** Whether the list as of `DAY` moves, where that is known (absent: the fresh read decides). */
  movesOnDay?: boolean;
}

const WRITES: Write[] = [
  {
    label: 'nothing in the list (a transaction id elsewhere)',
    run: () => execute(sql`select pg_current_xact_id()`),
    moves: false,
  },
  {
    label: 'an employee edited through the API',
    run: () => editEmployee(employeeIds[3]!),
    moves: true,
  },
  {
    label: 'an employee edited in the database',
    run: () =>
      execute(
        sql`update employees set years_experience = years_experience + 1 where id = ${employeeIds[5]!}`,
      ),
    moves: true,
  },
  {
    label: 'an employee rewritten with the same values',
    run: () => execute(sql`update employees set name = name where id = ${employeeIds[6]!}`),
    moves: false,
  },
  {
    label: 'an employee created',
    run: async () => employeeIds.push(await t.newEmployeeOf(company, { yearsExperience: 4 })),
    moves: true,
  },
  {
    label: 'an employee deleted',
    run: () => execute(sql`delete from employees where id = ${employeeIds.shift()!}`),
    moves: true,
  },
  {
    label: 'more than a quarter of the employees changed at once',
    run: () => execute(sql`update employees set pillar = not pillar where id % 2 = 0`),
    moves: true,
  },
  {
    label: 'a job renamed',
    run: () => execute(sql`update jobs set name = name || ' (renamed)' where id = ${company.job.id}`),
    moves: true,
  },
  {
    label: 'a position renamed',
    run: () =>
      execute(sql`update positions set name = name || ' (renamed)' where id = ${company.position.id}`),
    moves: true,
  },
  {
    label: 'a grade renamed',
    run: () => execute(sql`update grades set name = name || ' (renamed)' where id = ${company.grade.id}`),
    moves: true,
  },
  {
    label: 'a level renamed',
    run: () => execute(sql`update levels set name = name || ' (renamed)' where id = ${company.level.id}`),
    moves: true,
  },
  {
    label: 'a base salary changed',
    run: () =>
      execute(sql`update base_salaries set amount = amount + 250 where grade_id = ${company.grade.id}
        and level_id = ${company.level.id}`),
    moves: true,
  },
  {
    label: 'an adjustment factor added',
    run: () => t.newFactor(company.job.id, company.position.id, 'PERCENTAGE', 0.1),
    moves: true,
  },
  {
    label: 'an adjustment factor deleted',
    run: () => execute(sql`delete from adjustment_factors where job_id = ${company.job.id}`),
    moves: true,
  },
  {
    label: 'the settings changed',
    run: () => t.setSettings({ remoteMultiplier: 1.3, customMultipliers: [newCustomMultiplier()] }),
    moves: true,
  },
  {
    label: 'an employee changed from a day before the other day',
    run: () => editEmployee(employeeIds[7]!, BEFORE_DAY),
    moves: true,
    movesOnDay: true,
  },
  {
    label: 'an employee changed from a day after the other day',
    run: () => editEmployee(employeeIds[8]!, AFTER_DAY),
    moves: true,
    movesOnDay: false,
  },
  {
    label: 'an employee change scheduled for a day to come',
    run: () => editEmployee(employeeIds[9]!, addDays(TODAY, 10)),
    moves: false,
    movesOnDay: false,
  },
  {
    // Its change from after the other day kept what it replaced as a version before it: gone,
    // the other day reads the row as it is now.
    label: 'the versions of an employee deleted in the database',
    run: () => execute(sql`delete from employee_versions where employee_id = ${employeeIds[8]!}`),
    moves: false,
    movesOnDay: true,
  },
  {
    label: 'a base salary changed from a day before the other day',
    run: () => raiseBaseSalary(100, BEFORE_DAY),
    moves: true,
    movesOnDay: true,
  },
  {
    label: 'a base salary changed from a day after the other day',
    run: () => raiseBaseSalary(100, AFTER_DAY),
    moves: true,
    movesOnDay: false,
  },
  {
    label: 'a base salary change scheduled for a day to come',
    run: () => raiseBaseSalary(100, addDays(TODAY, 10)),
    moves: false,
    movesOnDay: false,
  },
  {
    label: 'a write rolled back',
    run: () =>
      db
        .transaction(async (tx) => {
          await tx.execute(sql`update employees set years_experience = 40`);
          await tx.execute(sql`update base_salaries set amount = 1`);
          throw new Error('rolled back on purpose');
        })
        .catch(() => undefined),
    moves: false,
    movesOnDay: false,
  },
];

/*
 * Both ways: with the caches on (what is kept is re-read by row version) and with CACHES=off
 * (every read from the database), which must answer exactly the same.
 */
describe.each([
  { label: 'caches on, today', caches: true, day: undefined },
  { label: 'caches on, as of another day', caches: true, day: DAY },
  { label: 'CACHES=off, today', caches: false, day: undefined },
  { label: 'CACHES=off, as of another day', caches: false, day: DAY },
])('the whole list after each kind of write ($label)', ({ caches, day }) => {
  beforeAll(async () => {
    asOf = day;
    t = await buildTestApp({ caches });
    db = t.database.db;
    company = await t.newCompany(4000);
    employeeIds = [];
    for (let i = 0; i < 24; i++)
      employeeIds.push(
        await t.newEmployeeOf(company, {
          positionId: i % 2 ? company.position.id : company.otherPosition.id,
          yearsExperience: i,
          remote: i % 3 === 0,
        }),
      );
  });

  afterAll(async () => {
    await t?.close();
  });

  it.each(WRITES)('equals a fresh read after $label', async (write) => {
    const before = await list(t.call);
    // Read twice: the second read is answered from what the first one kept.
    expect(await list(t.call)).toEqual(before);
    await write.run();
    const after = await list(t.call);
    expect(after).toEqual(await freshList());
    const moves = asOf === undefined ? write.moves : write.movesOnDay;
    if (moves === true) expect(after).not.toEqual(before);
    else if (moves === false) expect(after).toEqual(before);
  });

  it('equals a fresh read after a write through another replica', async () => {
    const before = await list(t.call);
    const replica = await t.replica();
    try {
      const id = employeeIds[1]!;
      const res = await replica.call({ method: 'DELETE', url: `/api/employees/${id}`, token: t.adminToken });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await replica.close();
    }
    const after = await list(t.call);
    expect(after).toEqual(await freshList());
    expect(after.length).toBe(before.length - 1);
  });
});

import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { type Company, newCustomMultiplier } from '../support/factories.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';

/*
 * The whole list is kept priced between reads and, after a write, only the rows written since
 * are read and priced again (their row versions tell which; names and rules have versions of
 * their own). Whatever the write, the list must be exactly what an app that never saw the
 * list before answers: for every kind of write, the list of the app that kept it is compared
 * with the list of a fresh replica on the same database. Writes go straight to the database
 * as well as through the API, so nothing depends on the app knowing what was written.
 */

let t: TestContext;
let db: Db;
let company: Company;
let employeeIds: number[];

const list = async (call: TestContext['call']): Promise<EmployeeView[]> => {
  const res = await call<EmployeeView[]>({ method: 'GET', url: '/api/employees', token: t.adminToken });
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

const execute = (statement: ReturnType<typeof sql>) => db.execute(statement);

interface Write {
  label: string;
  run(): Promise<unknown>;
  /** Whether the list's content moves (false: a write elsewhere, or one rolled back). */
  moves: boolean;
}

const WRITES: Write[] = [
  {
    label: 'nothing in the list (a transaction id elsewhere)',
    run: () => execute(sql`select pg_current_xact_id()`),
    moves: false,
  },
  {
    label: 'an employee edited through the API',
    run: async () => {
      const id = employeeIds[3]!;
      const res = await t.callAsAdmin({ method: 'GET', url: `/api/employees/${id}` });
      const current = res.envelope.data as EmployeeView & { version: number };
      const put = await t.callAsAdmin({
        method: 'PUT',
        url: `/api/employees/${id}`,
        payload: {
          name: current.name,
          technologyId: current.technologyId,
          specializationId: current.specializationId,
          gradeId: current.gradeId,
          levelId: current.levelId,
          yearsExperience: current.yearsExperience + 2,
          yearsWithCompany: current.yearsWithCompany,
          offshoreProject: current.offshoreProject,
          actingAsDifferentGrade: current.actingAsDifferentGrade,
          pillar: current.pillar,
          remote: !current.remote,
          customMultipliers: current.customMultipliers,
          version: current.version,
        },
      });
      expect(put.statusCode, put.body).toBe(200);
    },
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
  },
];

/*
 * Both ways: with the caches on (what is kept is re-read by row version) and with CACHES=off
 * (every read from the database), which must answer exactly the same.
 */
describe.each([
  { label: 'caches on', caches: true },
  { label: 'CACHES=off', caches: false },
])('the whole list after each kind of write ($label)', ({ caches }) => {
  beforeAll(async () => {
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
    if (write.moves) expect(after).not.toEqual(before);
    else expect(after).toEqual(before);
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

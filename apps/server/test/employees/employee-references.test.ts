import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { employees } from '../../src/db/schema.ts';
import type { Company } from '../support/factories.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import {
  brokenReferences,
  inRollback,
  MISSING,
  type Refs,
  refusal,
  session,
  waitUntilBlocked,
} from '../support/references.ts';

/*
 * An employee's job, position (of that job), grade and level are foreign keys (migration 0014,
 * in place of the triggers of 0008; the job proved by the (job, position) key since 0028). Whatever a statement does, on either database, it is
 * refused with 23503 and the constraint's name: every reference missing, in an insert, an
 * update, a many-row statement with one bad row, a position of another job; every referenced
 * row deleted or re-keyed while employees use it; and, on PostgreSQL, a delete and an insert
 * racing each other.
 */

let t: TestContext;
let c: Company;
let used: number;

beforeAll(async () => {
  t = await buildTestApp();
  c = await t.newCompany(3000);
  used = await t.newEmployeeOf(c, { name: 'Uses everything' });
});
afterAll(async () => t.close());

const ok = () => ({ job: c.job.id, position: c.position.id, grade: c.grade.id, level: c.level.id });

const other = { position: 0 };
/** Each reference pointing nowhere, with the constraint that must refuse it. */
const BROKEN = brokenReferences('employees', ok, () => other.position);
beforeAll(async () => {
  const job = await t.newJob();
  other.position = (await t.newPosition(job.id)).id;
});

const values = (name: string, r: Refs) => sql`(${name}, ${r.job}, ${r.position}, ${r.grade}, ${r.level})`;

describe('writing an employee that refers to nothing', () => {
  for (const broken of BROKEN) {
    it(`refuses ${broken.what}: inserted, updated, or one row among many`, async () => {
      const before = await t.countRows(employees);
      const insert = await inRollback(t, (tx) =>
        tx.execute(
          sql`insert into employees (name, job_id, position_id, grade_id, level_id) values ${values('Bad', broken.refs())}`,
        ),
      );
      expect(insert).toMatchObject(refusal(broken.constraint));

      const r = broken.refs();
      const update = await inRollback(t, (tx) =>
        tx.execute(
          sql`update employees set job_id = ${r.job}, position_id = ${r.position}, grade_id = ${r.grade}, level_id = ${r.level} where id = ${used}`,
        ),
      );
      expect(update).toMatchObject(refusal(broken.constraint));

      const many = await inRollback(t, (tx) =>
        tx.execute(
          sql`insert into employees (name, job_id, position_id, grade_id, level_id) values ${values('Good 1', ok())}, ${values('Good 2', ok())}, ${values('Bad', broken.refs())}`,
        ),
      );
      expect(many).toMatchObject(refusal(broken.constraint));
      expect(await t.countRows(employees)).toBe(before);
    });
  }

  it('accepts the same statements when every reference exists', async () => {
    const thrown = await inRollback(t, async (tx) => {
      await tx.execute(
        sql`insert into employees (name, job_id, position_id, grade_id, level_id) values ${values('Good 1', ok())}, ${values('Good 2', ok())}`,
      );
      await tx.execute(sql`update employees set position_id = ${c.otherPosition.id} where id = ${used}`);
    });
    expect(thrown).toBeNull();
  });
});

describe('removing what employees refer to', () => {
  // Used by one employee and by nothing else (no base salary, no factor): only its employee holds it.
  const only = { job: 0, position: 0, grade: 0, level: 0 };
  beforeAll(async () => {
    only.job = (await t.newJob()).id;
    only.position = (await t.newPosition(only.job)).id;
    only.grade = (await t.newGrade()).id;
    only.level = (await t.newLevel()).id;
    await t.newEmployee({
      jobId: only.job,
      positionId: only.position,
      gradeId: only.grade,
      levelId: only.level,
      name: 'Holds the only ones',
    });
  });
  // A job's id is also held by its positions' foreign key, which may answer a re-key first.
  const CASES: Array<{ table: string; id: () => number; constraint: string; rekeyedBy?: string }> = [
    {
      table: 'jobs',
      id: () => only.job,
      constraint: 'employees_position_of_job_fk',
      rekeyedBy: 'positions_job_id_jobs_id_fk',
    },
    { table: 'positions', id: () => only.position, constraint: 'employees_position_of_job_fk' },
    { table: 'grades', id: () => only.grade, constraint: 'employees_grade_id_grades_id_fk' },
    { table: 'levels', id: () => only.level, constraint: 'employees_level_id_levels_id_fk' },
  ];
  for (const k of CASES) {
    it(`refuses deleting or re-keying a used row of ${k.table}; renaming it works`, async () => {
      const table = sql.raw(k.table);
      const deleted = await inRollback(t, (tx) => tx.execute(sql`delete from ${table} where id = ${k.id()}`));
      // Deleting a job deletes its positions (cascade), which the employee's (job, position) refuses.
      expect(deleted).toMatchObject(refusal(k.constraint));
      expect(
        await inRollback(t, (tx) =>
          tx.execute(sql`update ${table} set id = ${MISSING} where id = ${k.id()}`),
        ),
      ).toMatchObject(refusal(k.rekeyedBy ?? k.constraint));
      expect(
        await inRollback(t, (tx) =>
          tx.execute(sql`update ${table} set name = name || ' (renamed)' where id = ${k.id()}`),
        ),
      ).toBeNull();
    });
  }

  it("refuses deleting a base salary's grade or level with the same code (23503, not RESTRICT's 23001)", async () => {
    const grade = await t.newGrade();
    const level = await t.newLevel();
    await t.newBaseSalary(grade.id, level.id, 1000);
    expect(
      await inRollback(t, (tx) => tx.execute(sql`delete from grades where id = ${grade.id}`)),
    ).toMatchObject(refusal('base_salaries_grade_id_grades_id_fk'));
    expect(
      await inRollback(t, (tx) => tx.execute(sql`delete from levels where id = ${level.id}`)),
    ).toMatchObject(refusal('base_salaries_level_id_levels_id_fk'));
  });

  it('refuses moving a used position to another job, and deleting a job whose positions are used', async () => {
    const job = await t.newJob();
    expect(
      await inRollback(t, (tx) =>
        tx.execute(sql`update positions set job_id = ${job.id} where id = ${c.position.id}`),
      ),
    ).toMatchObject(refusal('employees_position_of_job_fk'));
    const unused = await t.newJob();
    await t.newPosition(unused.id);
    expect(await inRollback(t, (tx) => tx.execute(sql`delete from jobs where id = ${unused.id}`))).toBeNull();
  });
});

// The PostgreSQL project only (TEST_DATABASE_URL is set for both projects when PostgreSQL is there).
describe.skipIf(!inject('pgTemplateDb'))('racing writers on PostgreSQL', () => {
  it('a delete waits for an uncommitted employee of that job, then is refused', async () => {
    const job = await t.newJob();
    const position = await t.newPosition(job.id);
    const [a, b] = [await session(t), await session(t)];
    try {
      await a.query('begin');
      await a.query(
        'insert into employees (name, job_id, position_id, grade_id, level_id) values ($1, $2, $3, $4, $5)',
        ['Racing', job.id, position.id, c.grade.id, c.level.id],
      );
      await b.query('begin');
      const deleting = b.query('delete from jobs where id = $1', [job.id]).then(
        () => null,
        (error: unknown) => error,
      );
      await waitUntilBlocked(t, b);
      await a.query('commit');
      expect(await deleting).toMatchObject({ code: '23503' });
      await b.query('rollback');
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
    expect(await t.countRows(employees)).toBeGreaterThan(0);
  });

  it('an insert waits for an uncommitted delete of its job, then is refused', async () => {
    const job = await t.newJob();
    const position = await t.newPosition(job.id);
    const [a, b] = [await session(t), await session(t)];
    try {
      await b.query('begin');
      await b.query('delete from jobs where id = $1', [job.id]);
      await a.query('begin');
      const inserting = a
        .query(
          'insert into employees (name, job_id, position_id, grade_id, level_id) values ($1, $2, $3, $4, $5)',
          ['Too late', job.id, position.id, c.grade.id, c.level.id],
        )
        .then(
          () => null,
          (error: unknown) => error,
        );
      await waitUntilBlocked(t, a);
      await b.query('commit');
      expect(await inserting).toMatchObject({ code: '23503' });
      await a.query('rollback');
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
    const left = (await t.database.db.execute(
      sql`select count(*)::int as n from employees where job_id = ${job.id}`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(left.rows[0]!.n).toBe(0);
  });
});

import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { employeeVersions } from '../../src/db/schema.ts';
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
 * An employee version's (job, position), grade and level are checked once per statement by the
 * triggers of migration 0029 (docs/decisions/0031), in place of foreign keys, under their names
 * and code. Whatever a statement does, on either database, it is refused with 23503 and the
 * constraint's name: each reference missing, in an insert, an update, an upsert, one bad row
 * among many; each referenced row deleted or re-keyed while only a version uses it; and, on
 * PostgreSQL, a delete and an insert racing each other.
 */

let t: TestContext;
let c: Company;
let used: number;

beforeAll(async () => {
  t = await buildTestApp();
  c = await t.newCompany(3000);
  used = await t.newEmployeeOf(c, { name: 'Has versions' });
});
afterAll(async () => t.close());

const ok = () => ({ job: c.job.id, position: c.position.id, grade: c.grade.id, level: c.level.id });
const other = { position: 0 };
beforeAll(async () => {
  other.position = (await t.newPosition((await t.newJob()).id)).id;
});

/** Each reference pointing nowhere, with the constraint that must refuse it. */
const BROKEN = brokenReferences('employee_versions', ok, () => other.position);

/** Versions of employee `id` on each of `days`, naming `r`, the other fields its first version's. */
const versionsOf = (id: number, days: string[], r: Refs) => sql`
  insert into employee_versions (employee_id, effective_from, job_id, position_id, grade_id, level_id,
    years_experience, years_with_company, offshore_project, acting_as_different_grade, pillar, remote,
    custom_multipliers)
  select f.employee_id, d.day::date, ${r.job}, ${r.position}, ${r.grade}, ${r.level}, f.years_experience,
    f.years_with_company, f.offshore_project, f.acting_as_different_grade, f.pillar, f.remote, f.custom_multipliers
  from unnest(${`{${days.join(',')}}`}::text[]) as d(day),
    (select * from employee_versions where employee_id = ${id} order by effective_from limit 1) f`;

describe('writing a version that refers to nothing', () => {
  for (const broken of BROKEN) {
    it(`refuses ${broken.what}: inserted, updated, upserted, or one row among many`, async () => {
      const before = await t.countRows(employeeVersions);
      const r = broken.refs();
      expect(await inRollback(t, (tx) => tx.execute(versionsOf(used, ['2031-01-01'], r)))).toMatchObject(
        refusal(broken.constraint),
      );
      expect(
        await inRollback(t, (tx) =>
          tx.execute(
            sql`update employee_versions set job_id = ${r.job}, position_id = ${r.position}, grade_id = ${r.grade}, level_id = ${r.level} where employee_id = ${used}`,
          ),
        ),
      ).toMatchObject(refusal(broken.constraint));
      // The write of a dated change: a version already starting that day is replaced (ON CONFLICT … UPDATE).
      expect(
        await inRollback(t, async (tx) => {
          await tx.execute(versionsOf(used, ['2031-02-01'], ok()));
          await tx.execute(sql`${versionsOf(used, ['2031-02-01'], r)}
            on conflict (employee_id, effective_from) do update set job_id = excluded.job_id,
              position_id = excluded.position_id, grade_id = excluded.grade_id, level_id = excluded.level_id`);
        }),
      ).toMatchObject(refusal(broken.constraint));
      expect(
        await inRollback(t, async (tx) => {
          await tx.execute(versionsOf(used, ['2031-03-01', '2031-04-01'], ok()));
          await tx.execute(sql`update employee_versions set grade_id = grade_id where employee_id = ${used}`);
          await tx.execute(
            sql`update employee_versions set job_id = ${r.job}, position_id = ${r.position}, grade_id = ${r.grade}, level_id = ${r.level}
              where employee_id = ${used} and effective_from = '2031-04-01'`,
          );
        }),
      ).toMatchObject(refusal(broken.constraint));
      expect(await t.countRows(employeeVersions)).toBe(before);
    });
  }

  it('accepts the same statements when every reference exists', async () => {
    const thrown = await inRollback(t, async (tx) => {
      await tx.execute(versionsOf(used, ['2031-01-01', '2031-02-01', '2031-03-01'], ok()));
      await tx.execute(
        sql`update employee_versions set position_id = ${c.otherPosition.id} where employee_id = ${used}`,
      );
    });
    expect(thrown).toBeNull();
  });
});

describe('removing what only a version refers to', () => {
  // Named by one version of an employee whose row (and other versions) name the company's: only
  // that version holds them.
  const only = { job: 0, position: 0, grade: 0, level: 0 };
  beforeAll(async () => {
    only.job = (await t.newJob()).id;
    only.position = (await t.newPosition(only.job)).id;
    only.grade = (await t.newGrade()).id;
    only.level = (await t.newLevel()).id;
    await t.database.db.execute(versionsOf(used, ['2032-06-01'], only));
  });
  // A job's id is also held by its positions' foreign key, which answers a re-key first.
  const CASES: Array<{ table: string; id: () => number; constraint: string; rekeyedBy?: string }> = [
    {
      table: 'jobs',
      id: () => only.job,
      constraint: 'employee_versions_position_of_job_fk',
      rekeyedBy: 'positions_job_id_jobs_id_fk',
    },
    { table: 'positions', id: () => only.position, constraint: 'employee_versions_position_of_job_fk' },
    { table: 'grades', id: () => only.grade, constraint: 'employee_versions_grade_id_grades_id_fk' },
    { table: 'levels', id: () => only.level, constraint: 'employee_versions_level_id_levels_id_fk' },
  ];
  for (const k of CASES) {
    it(`refuses deleting or re-keying a row of ${k.table} a version uses; renaming it works`, async () => {
      const table = sql.raw(k.table);
      expect(
        await inRollback(t, (tx) => tx.execute(sql`delete from ${table} where id = ${k.id()}`)),
      ).toMatchObject(refusal(k.constraint));
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
      // Once no version names it, it goes.
      expect(
        await inRollback(t, async (tx) => {
          await tx.execute(
            sql`delete from employee_versions where employee_id = ${used} and effective_from = '2032-06-01'`,
          );
          await tx.execute(sql`delete from ${table} where id = ${k.id()}`);
        }),
      ).toBeNull();
    });
  }

  it('refuses moving a position a version uses to another job', async () => {
    const job = await t.newJob();
    expect(
      await inRollback(t, (tx) =>
        tx.execute(sql`update positions set job_id = ${job.id} where id = ${only.position}`),
      ),
    ).toMatchObject(refusal('employee_versions_position_of_job_fk'));
  });
});

// The PostgreSQL project only (TEST_DATABASE_URL is set for both projects when PostgreSQL is there).
describe.skipIf(!inject('pgTemplateDb'))('racing writers on PostgreSQL', () => {
  const insert = (client: pg.Client, grade: number) => {
    const q = versionsOf(used, ['2033-01-01'], { ...ok(), grade });
    const compiled = new PgDialect().sqlToQuery(q);
    return client.query(compiled.sql, compiled.params);
  };

  it('a delete waits for an uncommitted version of that grade, then is refused', async () => {
    const grade = await t.newGrade();
    const [a, b] = [await session(t), await session(t)];
    try {
      await a.query('begin');
      await insert(a, grade.id);
      await b.query('begin');
      const deleting = b.query('delete from grades where id = $1', [grade.id]).then(
        () => null,
        (error: unknown) => error,
      );
      await waitUntilBlocked(t, b);
      await a.query('commit');
      expect(await deleting).toMatchObject({
        code: '23503',
        constraint: 'employee_versions_grade_id_grades_id_fk',
      });
      await b.query('rollback');
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
    await t.database.db.execute(sql`delete from employee_versions where effective_from = '2033-01-01'`);
  });

  it('a version waits for an uncommitted delete of its grade, then is refused', async () => {
    const grade = await t.newGrade();
    const [a, b] = [await session(t), await session(t)];
    try {
      await b.query('begin');
      await b.query('delete from grades where id = $1', [grade.id]);
      await a.query('begin');
      const inserting = insert(a, grade.id).then(
        () => null,
        (error: unknown) => error,
      );
      await waitUntilBlocked(t, a);
      await b.query('commit');
      expect(await inserting).toMatchObject({
        code: '23503',
        constraint: 'employee_versions_grade_id_grades_id_fk',
      });
      await a.query('rollback');
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
    const left = (await t.database.db.execute(
      sql`select count(*)::int as n from employee_versions where grade_id = ${grade.id}`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(left.rows[0]!.n).toBe(0);
  });
});

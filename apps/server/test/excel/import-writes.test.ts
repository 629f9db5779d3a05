import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../src/db/client.ts';
import { auditEmployeeChanges, auditEntries, employees, payHistory } from '../../src/db/schema.ts';
import { textArray } from '../../src/db/sql-arrays.ts';
import type { Company } from '../support/factories.ts';
import { testAppForFile } from '../support/helper.ts';
import { IMPORT_HEADER, importFile, importRow, xlsxOf } from './excel-files.ts';

/*
 * The import writes rows whose references its plan resolved by name inside the same
 * transaction, and the database checks them anyway: an employee's job, position, grade and
 * level are foreign keys (migration 0014), never switched off, on either database. What must
 * hold: a reference that is gone by the time the import writes is refused by the database and
 * nothing of the import stays; a file naming what does not exist is refused whole by the plan.
 */

/** Slices of 50 rows: a few hundred rows cross several, as 20,000 do at the default 5,000. */
const SLICE = 50;
const t = testAppForFile({ importSliceRows: SLICE });
let company: Company;

beforeAll(async () => {
  company = await t.newCompany(3000);
});

const role = async (db: DbOrTx) =>
  (
    (await db.execute(sql`show session_replication_role`)) as unknown as {
      rows: Array<Record<string, string>>;
    }
  ).rows[0]!.session_replication_role;

/** An insert naming a job that does not exist: refused (23503) when the checks are on. */
const orphanInsert = (db: DbOrTx) =>
  db.execute(sql`
    insert into employees (name, job_id, position_id, grade_id, level_id)
    values ('Orphan', 999999, ${company.position.id}, ${company.grade.id}, ${company.level.id})
  `);

const foreignKeyRefusal = { cause: expect.objectContaining({ code: '23503' }) };

/** The audit trail's rows, counted: an import that rolled back leaves these as they were. */
const auditCounts = async () => ({
  entries: await t.countRows(auditEntries),
  changes: await t.countRows(auditEmployeeChanges),
  history: await t.countRows(payHistory),
});

/**
 * Runs `work` with a trigger `name` on employees (`timing`, for each `level`) running `body`
 * (plpgsql), then drops it. ALWAYS: it fires whatever the session's replication role.
 */
async function withEmployeesTrigger(
  name: string,
  on: { timing: 'before insert' | 'after update'; level: 'row' | 'statement' },
  body: string,
  work: () => Promise<void>,
) {
  const db = t.database.db;
  await db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} end $$`),
  );
  await db.execute(
    sql.raw(
      `create trigger ${name} ${on.timing} on employees for each ${on.level} execute function ${name}()`,
    ),
  );
  await db.execute(sql.raw(`alter table employees enable always trigger ${name}`));
  try {
    await work();
  } finally {
    await db.execute(sql.raw(`drop trigger ${name} on employees`));
    await db.execute(sql.raw(`drop function ${name}()`));
  }
}

/** An import row of `company` named `name` (ID blank: a new employee; else that employee). */
const rowOf = (name: string, id: number | '' = '', job = company.job.name) =>
  importRow(company, { ID: id, Name: name, Job: job, 'Years with Company': 1 });

/*
 * The set-based writes carry every column as one PostgreSQL array literal: each name must
 * arrive exactly, whatever array syntax it holds (quotes, backslashes, braces, commas, the
 * word NULL, spaces at the edges of words, other scripts).
 */
const AWKWARD_NAMES = [
  'Ana "Nana" Díaz',
  'Back\\slash \\" end',
  '{Curly, Braces}',
  'NULL',
  'null',
  "O'Brien, Jr.",
  'Zoë  Two  Spaces',
  '李小龙',
  '""',
  '\\',
  'a,b;c',
];

describe('names through the set-based insert and update', () => {
  it('creates and then renames employees with every array-syntax character, exactly', async () => {
    const created = await importFile(t, await xlsxOf([IMPORT_HEADER, ...AWKWARD_NAMES.map((n) => rowOf(n))]));
    expect(created.statusCode, created.body).toBe(200);
    const stored = async () =>
      (
        (await t.database.db.execute(
          sql`select id, name from employees where name = any(${textArray([...AWKWARD_NAMES, ...AWKWARD_NAMES.map((n) => `${n} (2)`)])}::text[]) order by id`,
        )) as unknown as { rows: Array<{ id: number; name: string }> }
      ).rows;
    const rows = await stored();
    expect(rows.map((r) => r.name)).toEqual(AWKWARD_NAMES);

    const renamed = await importFile(
      t,
      await xlsxOf([IMPORT_HEADER, ...rows.map((r) => rowOf(`${r.name} (2)`, r.id))]),
      { query: '?overwrite=all' },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await stored()).map((r) => [r.id, r.name])).toEqual(rows.map((r) => [r.id, `${r.name} (2)`]));
  });
});

describe("the database checks the import's references", () => {
  it('runs every write with the checks on (no replication role switched), in a transaction and after it', async () => {
    const ok = await importFile(t, await xlsxOf([IMPORT_HEADER, rowOf('Checked on')]));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await role(t.database.db)).toBe('origin');
    await expect(orphanInsert(t.database.db)).rejects.toMatchObject(foreignKeyRefusal);
  });

  it("refuses, with nothing written, a new employee whose job is gone by the time of the import's write", async () => {
    const before = { employees: await t.countRows(employees), ...(await auditCounts()) };
    // What the plan resolved, taken away under the write: the row reaches the table naming a
    // job that does not exist, as if it had been deleted in between.
    await withEmployeesTrigger(
      'job_gone_under_the_import',
      { timing: 'before insert', level: 'row' },
      'new.job_id := 999999; return new;',
      async () => {
        const refused = await importFile(t, await xlsxOf([IMPORT_HEADER, rowOf('Job gone')]));
        expect(refused.statusCode, refused.body).toBe(409);
        expect({ employees: await t.countRows(employees), ...(await auditCounts()) }).toEqual(before);
      },
    );
  });

  it('refuses a file naming a missing job in its plan, with nothing written', async () => {
    const before = await t.countRows(employees);
    const refused = await importFile(
      t,
      await xlsxOf([IMPORT_HEADER, rowOf('Checked No such job', '', 'No such job')]),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Job \\"No such job\\" not found');
    expect(await t.countRows(employees)).toBe(before);
  });
});

/*
 * The import's writes run in the database while its audit entry is worked out beside them
 * (excel-import.service.ts): a statement the database refuses half-way must still leave nothing of
 * the import behind — no statement of it may run after the rollback, on a connection handed
 * back — and the next import must work.
 */
describe('a write the database refuses while the entry is worked out', () => {
  const REFUSED = 'Refused by the database';

  it('leaves nothing of the import, and the next import works', async () => {
    const db = t.database.db;
    const first = await importFile(t, await xlsxOf([IMPORT_HEADER, rowOf('Kept as is')]));
    expect(first.statusCode, first.body).toBe(200);
    const [kept] = (
      (await db.execute(
        sql`select id, name, version from employees where name = 'Kept as is'`,
      )) as unknown as {
        rows: Array<{ id: number; name: string; version: number }>;
      }
    ).rows;
    const counts = async () => ({ employees: await t.countRows(employees), ...(await auditCounts()) });
    const refuse = `if new.name = '${REFUSED}' then raise exception 'refused' using errcode = 'check_violation'; end if; return new;`;
    await withEmployeesTrigger(
      'refuse_marked',
      { timing: 'before insert', level: 'row' },
      refuse,
      async () => {
        const before = await counts();
        // One change and 4 × SLICE + 1 new employees: the refused one is in the fifth slice,
        // after four were written.
        const news = Array.from({ length: 4 * SLICE }, (_, i) => rowOf(`New ${i}`));
        const refused = await importFile(
          t,
          await xlsxOf([IMPORT_HEADER, rowOf('Renamed', kept!.id), ...news, rowOf(REFUSED)]),
          { query: '?overwrite=all' },
        );
        expect(refused.statusCode, refused.body).toBe(400);
        expect(await counts()).toEqual(before);
        const [after] = (
          (await db.execute(
            sql`select id, name, version from employees where id = ${kept!.id}`,
          )) as unknown as {
            rows: Array<{ id: number; name: string; version: number }>;
          }
        ).rows;
        expect(after).toEqual(kept);
        expect(await role(db)).toBe('origin');
      },
    );
    const next = await importFile(t, await xlsxOf([IMPORT_HEADER, rowOf('After the refusal')]));
    expect(next.statusCode, next.body).toBe(200);
    expect(JSON.parse(next.body).data.created).toBe(1);
  });
});

/*
 * The import decides, writes and audits its rows a slice at a time (5,000 rows; SLICE here), in one
 * transaction (excel-import.service.ts). Every ID is checked to exist before the first slice; an
 * employee deleted after that (by someone else, on PostgreSQL) is found when its slice is
 * read: 409, and the slices already written roll back with the rest. Here the deletion is a
 * trigger on the import's own first update, so it happens at that moment on both databases.
 */
describe('an import of several slices', () => {
  /** Three slices, the last of one row. */
  const N = 2 * SLICE + 1;

  it('writes and audits every slice, and an employee deleted meanwhile undoes them all', async () => {
    const db = t.database.db;
    const names = Array.from({ length: N }, (_, i) => `Sliced ${i}`);
    const created = await importFile(t, await xlsxOf([IMPORT_HEADER, ...names.map((n) => rowOf(n))]));
    expect(created.statusCode, created.body.slice(0, 300)).toBe(200);
    const ids = (
      (await db.execute(sql`select id from employees where name like 'Sliced %' order by id`)) as unknown as {
        rows: Array<{ id: number }>;
      }
    ).rows.map((r) => r.id);
    expect(ids).toHaveLength(N);
    const last = ids[N - 1]!;
    const update = await xlsxOf([
      IMPORT_HEADER,
      ...ids.map((id, i) => {
        const row = rowOf(names[i]!, id);
        row[7] = 2; // Years with Company 1 → 2
        return row;
      }),
    ]);
    const snapshot = async () => ({
      employees: (
        (await db.execute(
          sql`select id, years_with_company::text as y, version from employees where name like 'Sliced %' order by id`,
        )) as unknown as { rows: unknown[] }
      ).rows,
      ...(await auditCounts()),
    });

    const deleteLast = `delete from employees where id = ${last}; return null;`;
    await withEmployeesTrigger(
      'delete_last_sliced',
      { timing: 'after update', level: 'statement' },
      deleteLast,
      async () => {
        const before = await snapshot();
        const refused = await importFile(t, update, { query: '?overwrite=all' });
        expect(refused.statusCode, refused.body.slice(0, 300)).toBe(409);
        expect(JSON.parse(refused.body)).toMatchObject({
          error: 'EMPLOYEE_GONE',
          message: `Employee ${last} was deleted while the file was being imported; nothing was imported. Import the file again.`,
        });
        expect(await snapshot()).toEqual(before);
      },
    );

    const applied = await importFile(t, update, { query: '?overwrite=all' });
    expect(applied.statusCode, applied.body.slice(0, 300)).toBe(200);
    expect(applied.envelope.data).toMatchObject({ created: 0, updated: N, unchanged: 0 });
    const [entry] = (
      (await db.execute(
        sql`select id, details from audit_entries where entity_type = 'import' order by id desc limit 1`,
      )) as unknown as { rows: Array<{ id: number | string; details: Record<string, unknown> }> }
    ).rows;
    expect(entry!.details).toMatchObject({ created: 0, changed: N, employeeCount: N });
    const changeRows = (
      (await db.execute(
        sql`select count(*)::int as n, count(distinct employee_id)::int as d, min(employee_id) as lo, max(employee_id) as hi
          from audit_employee_changes where audit_id = ${Number(entry!.id)}`,
      )) as unknown as { rows: Array<{ n: number; d: number; lo: number; hi: number }> }
    ).rows[0];
    expect(changeRows).toEqual({ n: N, d: N, lo: ids[0], hi: last });
    const years = (
      (await db.execute(
        sql`select distinct years_with_company::text as y from employees where name like 'Sliced %'`,
      )) as unknown as { rows: Array<{ y: string }> }
    ).rows;
    expect(years).toEqual([{ y: '2.00' }]);
  });
});

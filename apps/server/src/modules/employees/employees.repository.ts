import type { EmployeeFilters, EmployeeInput } from '@salary/shared/employees/employee.contract';
import { count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { employees, grades, jobs, levels, positions } from '../../db/schema.ts';
import { currentSnapshot, readSnapshot } from '../../lib/snapshot.repository.ts';

/** One employee with the names of what it refers to, numbers already converted. */
export interface EmployeeRecord {
  id: number;
  name: string;
  jobId: number;
  jobName: string;
  positionId: number;
  positionName: string;
  gradeId: number;
  gradeName: string;
  levelId: number;
  levelName: string;
  yearsExperience: number;
  yearsWithCompany: number;
  offshoreProject: boolean;
  actingAsDifferentGrade: boolean;
  pillar: boolean;
  remote: boolean;
  customMultiplierIds: string[];
}

/** One employee as the list query sends it: ids only, the names come once per reference. */
type RowTuple = [
  id: number,
  name: string,
  jobId: number,
  positionId: number,
  gradeId: number,
  levelId: number,
  yearsExperience: number,
  yearsWithCompany: number,
  offshoreProject: boolean,
  actingAsDifferentGrade: boolean,
  pillar: boolean,
  remote: boolean,
  customMultiplierIds: string[],
];

type NamePair = [id: number, name: string];

interface ListResult {
  jobs: NamePair[];
  positions: NamePair[];
  grades: NamePair[];
  levels: NamePair[];
  rows: RowTuple[];
}

/** Drivers hand json back parsed; accept text too. */
export const parsedJson = <T>(raw: T | string | null | undefined, empty: T): T =>
  raw === null || raw === undefined ? empty : typeof raw === 'string' ? (JSON.parse(raw) as T) : raw;

function nameOf(names: Map<number, string>, id: number): string {
  const name = names.get(id);
  // Foreign keys make this impossible; fail loudly rather than list a nameless employee.
  if (name === undefined) throw new Error(`employee list: no name for reference ${id}`);
  return name;
}

function toRecords(result: ListResult): EmployeeRecord[] {
  const jobNames = new Map(result.jobs);
  const positionNames = new Map(result.positions);
  const gradeNames = new Map(result.grades);
  const levelNames = new Map(result.levels);
  const records: EmployeeRecord[] = new Array(result.rows.length);
  for (let i = 0; i < result.rows.length; i++) {
    const t = result.rows[i]!;
    records[i] = {
      id: t[0],
      name: t[1],
      jobId: t[2],
      jobName: nameOf(jobNames, t[2]),
      positionId: t[3],
      positionName: nameOf(positionNames, t[3]),
      gradeId: t[4],
      gradeName: nameOf(gradeNames, t[4]),
      levelId: t[5],
      levelName: nameOf(levelNames, t[5]),
      yearsExperience: t[6],
      yearsWithCompany: t[7],
      offshoreProject: t[8],
      actingAsDifferentGrade: t[9],
      pillar: t[10],
      remote: t[11],
      customMultiplierIds: t[12],
    };
  }
  return records;
}

/** The list query aliases employees as `e`, so its filters are written against that alias. */
function filterClause(filters: EmployeeFilters & { id?: number }): SQL | undefined {
  const parts: SQL[] = [];
  if (filters.id !== undefined) parts.push(sql`e.id = ${filters.id}`);
  if (filters.jobId !== undefined) parts.push(sql`e.job_id = ${filters.jobId}`);
  if (filters.positionId !== undefined) parts.push(sql`e.position_id = ${filters.positionId}`);
  if (filters.gradeId !== undefined) parts.push(sql`e.grade_id = ${filters.gradeId}`);
  if (filters.levelId !== undefined) parts.push(sql`e.level_id = ${filters.levelId}`);
  return parts.length ? sql.join(parts, sql` and `) : undefined;
}

const names = (table: typeof jobs | typeof positions | typeof grades | typeof levels) =>
  sql<
    NamePair[] | string
  >`(select coalesce(json_agg(json_build_array(${table.id}, ${table.name})), '[]'::json) from ${table})`;

/** One page of the list by keyset: the rows after id `after`, at most `limit` of them. */
export interface ListPage {
  after: number;
  limit: number;
}

/**
 * The list's columns: the rows as a single json value of arrays (both drivers decode that far
 * faster than 100k separate rows), and the job/position/grade/level names once each rather
 * than joined into every row — half the work for the database and the JSON decoder. Numeric
 * years travel as JSON numbers (numeric(5,2) text, e.g. 6.50), so they arrive exact. With a
 * `page`, only that page's rows (the export reads the list that way, so memory stays flat).
 */
export function listColumns(filters: EmployeeFilters & { id?: number }, page?: ListPage) {
  const where = filterClause(filters);
  const rows = page
    ? sql`(select * from ${employees} e
        where e.id > ${page.after} ${where ? sql`and ${where}` : sql``}
        order by e.id limit ${page.limit}) e`
    : sql`${employees} e ${where ? sql`where ${where}` : sql``}`;
  return {
    jobs: names(jobs),
    positions: names(positions),
    grades: names(grades),
    levels: names(levels),
    snapshot: currentSnapshot,
    rows: sql<RowTuple[] | string>`(select coalesce(json_agg(json_build_array(
        e.id, e.name, e.job_id, e.position_id, e.grade_id, e.level_id,
        e.years_experience, e.years_with_company,
        e.offshore_project, e.acting_as_different_grade, e.pillar, e.remote, e.custom_multipliers
      ) order by e.id), '[]'::json)
      from ${rows})`,
  };
}

export function recordsOf(
  row: { [K in keyof ListResult]: ListResult[K] | string } | undefined,
): EmployeeRecord[] {
  return toRecords({
    jobs: parsedJson(row?.jobs, []),
    positions: parsedJson(row?.positions, []),
    grades: parsedJson(row?.grades, []),
    levels: parsedJson(row?.levels, []),
    rows: parsedJson(row?.rows, []),
  });
}

const values = (input: EmployeeInput) => ({
  name: input.name,
  jobId: input.jobId,
  positionId: input.positionId,
  gradeId: input.gradeId,
  levelId: input.levelId,
  yearsExperience: input.yearsExperience.toFixed(2),
  yearsWithCompany: input.yearsWithCompany.toFixed(2),
  offshoreProject: input.offshoreProject,
  actingAsDifferentGrade: input.actingAsDifferentGrade,
  pillar: input.pillar,
  remote: input.remote,
  customMultipliers: input.customMultiplierIds,
});

export function createEmployeesRepository(db: DbOrTx) {
  return {
    /** All matching employees, ordered by id, in ONE statement (one snapshot). */
    async list(filters: EmployeeFilters & { id?: number } = {}): Promise<EmployeeRecord[]> {
      return (await this.listAt(filters)).employees;
    },

    /** The list and the snapshot it was read at. */
    async listAt(
      filters: EmployeeFilters & { id?: number } = {},
      page?: ListPage,
    ): Promise<{ employees: EmployeeRecord[]; snapshot: string }> {
      const [row] = await db.select(listColumns(filters, page)).from(sql`(select 1) as one`);
      return { employees: recordsOf(row), snapshot: row!.snapshot };
    },

    /** The snapshot the database is at now (see SnapshotCache). */
    async snapshot(): Promise<string> {
      return readSnapshot(db);
    },

    async findById(id: number): Promise<EmployeeRecord | undefined> {
      const [row] = await this.list({ id });
      return row;
    },

    async exists(id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: employees.id })
        .from(employees)
        .where(eq(employees.id, id))
        .limit(1);
      return Boolean(row);
    },

    async insert(input: EmployeeInput): Promise<number> {
      const [row] = await db.insert(employees).values(values(input)).returning({ id: employees.id });
      return row!.id;
    },

    /**
     * Many employees in ONE set-based statement (the Excel import, the demo seed): the rows
     * travel as one JSON array of arrays (no per-row bind parameters, no 65k-parameter limit)
     * and are inserted in their order, so ids follow the file. Answers how many were written.
     */
    async insertMany(inputs: EmployeeInput[]): Promise<number> {
      if (!inputs.length) return 0;
      const rows = inputs.map((e) => [
        e.name,
        e.jobId,
        e.positionId,
        e.gradeId,
        e.levelId,
        e.yearsExperience.toFixed(2),
        e.yearsWithCompany.toFixed(2),
        e.offshoreProject,
        e.actingAsDifferentGrade,
        e.pillar,
        e.remote,
        e.customMultiplierIds,
      ]);
      await db.execute(sql`
        insert into ${employees} (
          name, job_id, position_id, grade_id, level_id, years_experience, years_with_company,
          offshore_project, acting_as_different_grade, pillar, remote, custom_multipliers
        )
        select r->>0, (r->>1)::int, (r->>2)::int, (r->>3)::int, (r->>4)::int,
          (r->>5)::numeric, (r->>6)::numeric, (r->>7)::boolean, (r->>8)::boolean,
          (r->>9)::boolean, (r->>10)::boolean, (r->11)::jsonb
        from json_array_elements(${JSON.stringify(rows)}::json) with ordinality as v(r, n)
        order by v.n
      `);
      return inputs.length;
    },

    async update(id: number, input: EmployeeInput): Promise<boolean> {
      const rows = await db
        .update(employees)
        .set({ ...values(input), updatedAt: new Date() })
        .where(eq(employees.id, id))
        .returning({ id: employees.id });
      return rows.length > 0;
    },

    /**
     * Many updates in a few statements (the Excel import): each chunk travels as one JSON
     * parameter, so 100k rows are ~20 round trips, not 100k. Custom multipliers are left as
     * they are. Answers how many employees were updated.
     */
    async updateMany(
      rows: Array<{ id: number; employee: Omit<EmployeeInput, 'customMultiplierIds'> }>,
    ): Promise<number> {
      let updated = 0;
      for (let i = 0; i < rows.length; i += 5000) {
        const chunk = rows.slice(i, i + 5000).map(({ id, employee: e }) => ({
          id,
          name: e.name,
          job_id: e.jobId,
          position_id: e.positionId,
          grade_id: e.gradeId,
          level_id: e.levelId,
          years_experience: e.yearsExperience.toFixed(2),
          years_with_company: e.yearsWithCompany.toFixed(2),
          offshore_project: e.offshoreProject,
          acting_as_different_grade: e.actingAsDifferentGrade,
          pillar: e.pillar,
          remote: e.remote,
        }));
        const result = await db.execute(sql`
          update ${employees} set
            name = v.name, job_id = v.job_id, position_id = v.position_id, grade_id = v.grade_id,
            level_id = v.level_id, years_experience = v.years_experience,
            years_with_company = v.years_with_company, offshore_project = v.offshore_project,
            acting_as_different_grade = v.acting_as_different_grade, pillar = v.pillar, remote = v.remote,
            updated_at = now()
          from json_to_recordset(${JSON.stringify(chunk)}::json) as v(
            id int, name text, job_id int, position_id int, grade_id int, level_id int,
            years_experience numeric, years_with_company numeric, offshore_project boolean,
            acting_as_different_grade boolean, pillar boolean, remote boolean
          )
          where ${employees.id} = v.id
          returning ${employees.id}
        `);
        updated += (result as unknown as { rows: unknown[] }).rows.length;
      }
      return updated;
    },

    async delete(id: number): Promise<boolean> {
      const rows = await db.delete(employees).where(eq(employees.id, id)).returning({ id: employees.id });
      return rows.length > 0;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(employees);
      return row?.n ?? 0;
    },

    async existingIds(ids: number[]): Promise<Set<number>> {
      const found = new Set<number>();
      for (let i = 0; i < ids.length; i += 10_000) {
        const rows = await db
          .select({ id: employees.id })
          .from(employees)
          .where(inArray(employees.id, ids.slice(i, i + 10_000)));
        for (const r of rows) found.add(r.id);
      }
      return found;
    },
  };
}

export type EmployeesRepository = ReturnType<typeof createEmployeesRepository>;

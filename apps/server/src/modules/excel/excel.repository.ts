import type { PayComponent } from '@salary/salary-engine/pay-components';
import type { EmployeeInput } from '@salary/shared/employees/employee.contract';
import { EMPLOYEE_FIELDS, type EmployeeField, type Gender } from '@salary/shared/employees/employee-fields';
import { asc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { employees, employeeVersions, grades, jobs, levels, positions } from '../../db/schema.ts';
import { idIn } from '../../db/sql-arrays.ts';
import { parsedJson } from '../../lib/parsed-json.ts';
import { companyToday, derivedYears, exclusionsOf } from '../employees/employee.model.ts';
import { companyTimeZone } from '../employees/employee-list.repository.ts';
import { DATED_FIELDS, DATED_KINDS, inForceOn } from '../employees/employee-versions.repository.ts';
import type { ReferenceNames } from './name-book.model.ts';

/** Every field of the table by its `input` name, as stored. */
export type StoredFields = Required<Omit<EmployeeInput, 'customMultiplierIds'>>;

/** STORED_COLUMNS' days as text ('YYYY-MM-DD'), as the list reads them. */
const storedColumn = (f: EmployeeField) => (f.kind === 'date' ? `${f.column}::text` : f.column);

/** An employee as the import compares it: every field by its `input` name, and who changed it last. */
export interface StoredEmployee {
  id: number;
  fields: StoredFields;
  version: number;
  updatedAt: Date;
  updatedBy: string | null;
  customMultiplierIds: string[];
  /** Its own pay components (on the day read): an import keeps them as they are. */
  payComponents: readonly PayComponent[];
  /** The company benefits it does not receive (on the day read), by name. */
  excludedBenefits: readonly string[];
  /**
   * Read as of another day than today (`storedEmployees(ids, day)`): `fields` are then the
   * employee on that day (its version in force then, the undated fields as they are), and
   * this the row as it is today, with whether a version later than that day is in force today.
   */
  today?: { fields: StoredFields; customMultiplierIds: string[]; laterVersion: boolean };
  /** Read as of another day: who recorded the version in force that day, and when (none: the row's). */
  onDay?: { recordedAt: Date; recordedBy: string | null };
}

/** Ids per statement: one array parameter each. */
const CHUNK = 50_000;

const STORED_COLUMNS = sql.raw(
  [
    'id',
    'version',
    'updated_at',
    'updated_by',
    ...EMPLOYEE_FIELDS.map(storedColumn),
    'custom_multipliers',
    'pay_components',
    'excluded_benefits',
  ].join(', '),
);

const DATED: ReadonlySet<EmployeeField['kind']> = DATED_KINDS;

/**
 * STORED_COLUMNS as of a day (`e` the row, `v` its version in force that day), then the row's
 * own dated fields and custom multipliers (today), whether a version after the day is in force
 * today, and who recorded the version of the day and when.
 */
const storedAsOf = (day: string, today: string) =>
  sql.join(
    [
      sql.raw(
        [
          'e.id',
          'e.version',
          'e.updated_at',
          'e.updated_by',
          ...EMPLOYEE_FIELDS.map((f) =>
            DATED.has(f.kind) ? `coalesce(v.${f.column}, e.${f.column})` : `e.${storedColumn(f)}`,
          ),
          'coalesce(v.custom_multipliers, e.custom_multipliers)',
          ...DATED_FIELDS.map((f) => `e.${f.column}`),
          'e.custom_multipliers',
        ].join(', '),
      ),
      sql`exists (select 1 from ${employeeVersions} w
        where w.employee_id = e.id and w.effective_from > ${day}::date and w.effective_from <= ${today}::date)`,
      sql.raw(
        'v.recorded_at, v.recorded_by, coalesce(v.pay_components, e.pay_components), ' +
          'coalesce(v.excluded_benefits, e.excluded_benefits)',
      ),
    ],
    sql`, `,
  );

/** Each field's place in a stored row (STORED_COLUMNS' order: four columns come first). */
const AT = Object.fromEntries(EMPLOYEE_FIELDS.map((f, j) => [f.input, j + 4])) as {
  [F in EmployeeField as F['input']]: number;
};
const CUSTOM_AT = EMPLOYEE_FIELDS.length + 4;

/**
 * A stored row → its StoredEmployee, as ONE object literal (built key by key with a closure
 * per row, 100,000 rows took several times as long). The type checker holds `fields` to every
 * field of the table.
 */
/** A row of `storedAsOf` → the employee on the day, with `today` from the row's own columns after. */
function buildStoredAsOf(r: unknown[], asOf: string): StoredEmployee {
  const row = r.slice(0, CUSTOM_AT + 1);
  DATED_FIELDS.forEach((f, i) => {
    row[AT[f.input]] = r[CUSTOM_AT + 1 + i];
  });
  row[CUSTOM_AT] = r[CUSTOM_AT + 1 + DATED_FIELDS.length];
  const after = CUSTOM_AT + 2 + DATED_FIELDS.length;
  const recordedAt = r[after + 1] as string | null;
  const components = r[after + 3];
  const excluded = r[after + 4];
  const now = buildStored(row, asOf, components, excluded);
  return {
    ...buildStored(r, asOf, components, excluded),
    today: {
      fields: now.fields,
      customMultiplierIds: now.customMultiplierIds,
      laterVersion: r[after] === true,
    },
    ...(recordedAt !== null && {
      onDay: { recordedAt: new Date(recordedAt), recordedBy: (r[after + 2] as string | null) ?? null },
    }),
  };
}

function buildStored(
  r: unknown[],
  asOf: string,
  components = r[CUSTOM_AT + 1],
  excluded = r[CUSTOM_AT + 2],
): StoredEmployee {
  const hireDate = r[AT.hireDate] as string | null;
  const careerStartDate = r[AT.careerStartDate] as string | null;
  // The years as the list and the export show them (derived from the days where set).
  const years = derivedYears(
    { yearsExperience: Number(r[AT.yearsExperience]), yearsWithCompany: Number(r[AT.yearsWithCompany]) },
    { hireDate, careerStartDate },
    asOf,
  );
  const fields: StoredFields = {
    name: r[AT.name] as string,
    jobId: r[AT.jobId] as number,
    positionId: r[AT.positionId] as number,
    gradeId: r[AT.gradeId] as number,
    levelId: r[AT.levelId] as number,
    yearsExperience: years.yearsExperience,
    yearsWithCompany: years.yearsWithCompany,
    offshoreProject: r[AT.offshoreProject] as boolean,
    actingAsDifferentGrade: r[AT.actingAsDifferentGrade] as boolean,
    pillar: r[AT.pillar] as boolean,
    remote: r[AT.remote] as boolean,
    gender: r[AT.gender] as Gender,
    hireDate,
    careerStartDate,
    leaveDate: r[AT.leaveDate] as string | null,
    weeklyHours: Number(r[AT.weeklyHours]),
  };
  return {
    id: r[0] as number,
    version: r[1] as number,
    updatedAt: new Date(r[2] as string),
    updatedBy: (r[3] as string | null) ?? null,
    fields,
    customMultiplierIds: (r[CUSTOM_AT] as string[] | null) ?? [],
    payComponents: parsedJson(components as PayComponent[] | string | null, []),
    excludedBenefits: exclusionsOf(excluded),
  };
}

/** The names the import resolves and the template lists: grades by their order, the rest by id. */
export function createExcelRepository(db: DbOrTx) {
  return {
    async referenceNames(): Promise<ReferenceNames> {
      const [jobRows, positionRows, gradeRows, levelRows, zone] = await Promise.all([
        db.select({ id: jobs.id, name: jobs.name }).from(jobs).orderBy(asc(jobs.id)),
        db
          .select({ id: positions.id, name: positions.name, jobId: positions.jobId })
          .from(positions)
          .orderBy(asc(positions.id)),
        db
          .select({ id: grades.id, name: grades.name })
          .from(grades)
          .orderBy(asc(grades.order), asc(grades.id)),
        db.select({ id: levels.id, name: levels.name }).from(levels).orderBy(asc(levels.id)),
        db
          .select({
            timeZone: companyTimeZone,
            hours: sql<string>`coalesce((select standard_weekly_hours from company), 40)`,
          })
          .from(sql`(select 1) as one`),
      ]);
      return {
        jobs: jobRows,
        positions: positionRows,
        grades: gradeRows,
        levels: levelRows,
        asOf: companyToday(zone[0]?.timeZone),
        standardWeeklyHours: Number(zone[0]?.hours ?? 40),
      };
    },

    /**
     * This installation's id, written into every export so another installation's file is
     * recognised: the database cluster's system identifier with the database's name, hashed.
     */
    async installationId(): Promise<string> {
      const result = await db.execute(
        sql`select md5(system_identifier::text || ':' || current_database()) as id from pg_control_system()`,
      );
      const row = (result as unknown as { rows: Array<{ id: string }> }).rows[0];
      return (row?.id ?? 'unknown').slice(0, 12);
    },

    /**
     * The employees with these ids as they are now, with their version and last author. With
     * `on` (a dated import's day, and the company's today): their dated fields as in force that
     * day, and each one's row today beside (`StoredEmployee.today`). Years derived from days are
     * counted to today either way, as the export writes them.
     */
    async storedEmployees(
      ids: number[],
      on?: { day: string; today: string },
    ): Promise<Map<number, StoredEmployee>> {
      const found = new Map<number, StoredEmployee>();
      for (let i = 0; i < ids.length; i += CHUNK) {
        const chunk = ids.slice(i, i + CHUNK);
        // One json array of arrays per chunk, parsed once: PGlite's row-by-row decoding of
        // 100,000 rows × 20 columns took 2.2 s, most of the import's planning.
        const result = await db.execute(
          on
            ? sql`
          select coalesce(json_agg(json_build_array(${storedAsOf(on.day, on.today)})), '[]')::text as rows,
            ${companyTimeZone} as time_zone
          from ${employees} e
          left join lateral (select * from ${employeeVersions} v
            where v.employee_id = e.id and v.effective_from <= ${on.day}::date
            order by v.effective_from desc limit 1) v on true
          where ${idIn(sql`e.id`, chunk)}`
            : sql`
          select coalesce(json_agg(json_build_array(${STORED_COLUMNS})), '[]')::text as rows,
            ${companyTimeZone} as time_zone
          from ${employees} where ${idIn(sql`id`, chunk)}
        `,
        );
        const [row] = (result as unknown as { rows: Array<{ rows: string; time_zone: string | null }> }).rows;
        const asOf = companyToday(row?.time_zone);
        for (const r of JSON.parse(row?.rows ?? '[]') as unknown[][]) {
          const employee = on ? buildStoredAsOf(r, asOf) : buildStored(r, asOf);
          found.set(employee.id, employee);
        }
      }
      return found;
    },

    /** Which of these ids name an employee (the import's ID check, before any row is read). */
    async existingIds(ids: number[]): Promise<Set<number>> {
      const found = new Set<number>();
      for (let i = 0; i < ids.length; i += CHUNK) {
        // One text back per chunk: PGlite decodes result rows one by one.
        const result = await db.execute(sql`
          select coalesce(string_agg(id::text, ','), '') as ids
          from ${employees} where ${idIn(sql`id`, ids.slice(i, i + CHUNK))}
        `);
        const text = (result as unknown as { rows: Array<{ ids: string }> }).rows[0]?.ids ?? '';
        if (text) for (const id of text.split(',')) found.add(Number(id));
      }
      return found;
    },

    /** The current version of each of these employees (the export's Row Key). */
    async versions(ids: number[]): Promise<Map<number, number>> {
      const found = new Map<number, number>();
      for (let i = 0; i < ids.length; i += CHUNK) {
        const rows = await db
          .select({ id: employees.id, version: employees.version })
          .from(employees)
          .where(idIn(employees.id, ids.slice(i, i + CHUNK)));
        for (const r of rows) found.set(r.id, r.version);
      }
      return found;
    },

    /**
     * Each of these employees' own pay components and the benefits it does not receive: today's
     * (the row), or as of `day` (its version in force then). For the export's pay columns.
     */
    async individualPay(
      ids: number[],
      day?: string,
    ): Promise<Map<number, { payComponents: unknown; excludedBenefits: readonly string[] }>> {
      const found = new Map<number, { payComponents: unknown; excludedBenefits: readonly string[] }>();
      for (let i = 0; i < ids.length; i += CHUNK) {
        const chunk = ids.slice(i, i + CHUNK);
        const result = await db.execute(
          day === undefined
            ? sql`select id, pay_components, excluded_benefits from ${employees} where ${idIn(sql`id`, chunk)}`
            : sql`select employee_id as id, pay_components, excluded_benefits
                from ${inForceOn(day, idIn(sql`employee_id`, chunk))} v`,
        );
        for (const r of (result as unknown as { rows: Array<Record<string, unknown>> }).rows)
          found.set(r.id as number, {
            payComponents: parsedJson(r.pay_components as PayComponent[] | string | null, []),
            excludedBenefits: exclusionsOf(r.excluded_benefits),
          });
      }
      return found;
    },

    /** The longest name of each kind (characters), so the export's columns fit their values. */
    async widestValues(): Promise<{
      name: number;
      job: number;
      position: number;
      grade: number;
      level: number;
    }> {
      const longest = (
        table: typeof employees | typeof jobs | typeof positions | typeof grades | typeof levels,
      ) => sql<number>`(select coalesce(max(length(${table.name})), 0) from ${table})`;
      const [row] = await db
        .select({
          name: longest(employees),
          job: longest(jobs),
          position: longest(positions),
          grade: longest(grades),
          level: longest(levels),
        })
        .from(sql`(select 1) as one`);
      return {
        name: Number(row?.name ?? 0),
        job: Number(row?.job ?? 0),
        position: Number(row?.position ?? 0),
        grade: Number(row?.grade ?? 0),
        level: Number(row?.level ?? 0),
      };
    },

    /** Employees whose name (trimmed, any case) is one of `nameKeys`: the import's duplicate check. */
    async employeesNamed(nameKeys: string[]): Promise<Array<{ id: number; nameKey: string; jobId: number }>> {
      if (!nameKeys.length) return [];
      // One json array back, parsed once: a file of 100,000 people already here (a company's
      // first export imported again with blank IDs) matches them all, and PGlite decoded
      // 100,000 result rows one by one in 0.8 s.
      const result = await db.execute(sql`
        select coalesce(json_agg(json_build_array(e.id, lower(btrim(e.name)), e.job_id) order by e.id), '[]')::text as found
        from ${employees} e
        where lower(btrim(e.name)) in (select json_array_elements_text(${JSON.stringify(nameKeys)}::json))
      `);
      const text = (result as unknown as { rows: Array<{ found: string }> }).rows[0]?.found ?? '[]';
      return (JSON.parse(text) as Array<[number, string, number]>).map(([id, nameKey, jobId]) => ({
        id,
        nameKey,
        jobId,
      }));
    },
  };
}

export type ExcelRepository = ReturnType<typeof createExcelRepository>;

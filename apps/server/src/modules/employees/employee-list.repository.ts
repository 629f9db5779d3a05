import type { EmployeeFilters } from '@salary/shared/employees/employee.contract';
import { EMPLOYEE_FIELDS } from '@salary/shared/employees/employee-fields';
import { type SQL, sql } from 'drizzle-orm';
import { company, employees, employeeVersions, grades, jobs, levels, positions } from '../../db/schema.ts';
import { idIn } from '../../db/sql-arrays.ts';
import { currentSnapshot } from '../../lib/snapshot.repository.ts';
import type { NamePair, RowTuple } from './employee.model.ts';
import { DATED_KINDS } from './employee-versions.repository.ts';

/*
 * The employee list's SQL: the rows the employees' repository and pricing's read, in the
 * shape employee.model.ts turns into records. A repository in all but name: it builds
 * statements, the repositories run them.
 */

const FIELDS = EMPLOYEE_FIELDS;

// Column lists built once from the field list; the identifiers are ours, never input. Days
// travel as their 'YYYY-MM-DD' text (the row protocol would make local-time Dates of them).
const ROW_COLUMNS = sql.raw(
  [
    'e.id',
    ...FIELDS.map((f) => (f.kind === 'date' ? `e.${f.column}::text` : `e.${f.column}`)),
    'e.custom_multipliers',
    'e.pay_components',
    'e.excluded_benefits',
    'e.manager_id',
  ].join(', '),
);
/** ROW_COLUMNS for the row protocol: years arrive as numbers (float8), not numeric text. */
const ROW_TUPLE_COLUMNS = sql.raw(
  [
    'e.id',
    ...FIELDS.map((f) =>
      f.kind === 'years' || f.kind === 'hours'
        ? `e.${f.column}::float8`
        : f.kind === 'date'
          ? `e.${f.column}::text`
          : `e.${f.column}`,
    ),
    'e.custom_multipliers',
    'e.pay_components',
    'e.excluded_benefits',
    'e.manager_id',
  ].join(', '),
);

/*
 * Name search ignoring case and accents, the same on PGlite and PostgreSQL (no unaccent
 * extension there): both sides go through lower() and one translate() of the Latin letters with
 * diacritics, upper case included (lower() leaves non-ASCII letters alone in the C locale).
 */
const ACCENTED =
  'ÀÁÂÃÄÅàáâãäåĀāĂăĄąÇçĆćČčĎďÈÉÊËèéêëĒēĖėĘęĚěÌÍÎÏìíîïĪīĮįıŁłÑñŃńŇňÒÓÔÕÖØòóôõöøŌōŐőŔŕŘřŚśŠšŞşŤťÙÚÛÜùúûüŪūŮůŰűÝýÿŸŹźŻżŽž';
const PLAIN =
  'aaaaaaaaaaaaaaaaaaccccccddeeeeeeeeeeeeeeeeiiiiiiiiiiiiillnnnnnnoooooooooooooooorrrrssssssttuuuuuuuuuuuuuuyyyyzzzzzz';
if ([...ACCENTED].length !== PLAIN.length) throw new Error('name search: translate() lists differ in length');
const folded = (value: SQL) => sql`translate(lower(${value}), ${ACCENTED}, ${PLAIN})`;

/**
 * The directory's search: part of the name as written ("Jürgen Mü"), or written last name first
 * ("Müller Jürgen", "Müller, Jürgen"), or the employee's ID ("42").
 */
function nameSearch(search: string): SQL {
  const contains = (needle: string) => sql`strpos(${folded(sql`e.name`)}, ${folded(sql`${needle}`)}) > 0`;
  const alternatives = [contains(search)];
  const words = search.replace(/,/g, ' ').split(/\s+/).filter(Boolean);
  if (words.length > 1) alternatives.push(contains([...words.slice(1), words[0]].join(' ')));
  if (/^\d{1,9}$/.test(search)) alternatives.push(sql`e.id = ${Number(search)}`);
  return sql`(${sql.join(alternatives, sql` or `)})`;
}

/**
 * The list's filters, or one employee (`id`), or some (`ids`: those an import wrote); `asOf`: the
 * employees as they were (or will be) on that day, each its version in force then.
 */
export type RowFilters = EmployeeFilters & { id?: number; ids?: readonly number[]; asOf?: string };

const DATED: ReadonlySet<string> = DATED_KINDS;
/** The employees' columns with the dated ones taken from `v`, each employee's version in force. */
const AS_OF_COLUMNS = sql.raw(
  [
    'e.id',
    ...FIELDS.map((f) =>
      DATED.has(f.kind) ? `coalesce(v.${f.column}, e.${f.column}) as ${f.column}` : `e.${f.column}`,
    ),
    'coalesce(v.custom_multipliers, e.custom_multipliers) as custom_multipliers',
    'coalesce(v.pay_components, e.pay_components) as pay_components',
    'coalesce(v.excluded_benefits, e.excluded_benefits) as excluded_benefits',
    // Not dated: the reporting line as it is today.
    'e.manager_id',
  ].join(', '),
);

/**
 * The employees table, or with `asOf` the employees as of that day: each one's version in force
 * then (its latest from that day or before, by the index on employee and day).
 */
const employeesAsOf = (asOf: string | undefined): SQL =>
  asOf === undefined
    ? sql`${employees}`
    : sql`(select ${AS_OF_COLUMNS} from ${employees} e
        left join lateral (select * from ${employeeVersions} v
          where v.employee_id = e.id and v.effective_from <= ${asOf}::date
          order by v.effective_from desc limit 1) v on true)`;

/**
 * Employee `id` on each day of `days` (rows `d` of a date `d.day` and a flag `d.is_today`): as
 * of that day, its version in force then; where `d.is_today`, its row as it is (what the list
 * reads today). `row`: the list's row tuple (a json array); the columns stay under `e`, for
 * whatever else the statement reads per day.
 */
export const employeeOnDays = (id: number, days: SQL): { from: SQL; row: SQL } => ({
  from: sql`${days} cross join lateral (select ${AS_OF_COLUMNS} from ${employees} e
    left join lateral (select * from ${employeeVersions} v
      where v.employee_id = e.id and not d.is_today and v.effective_from <= d.day
      order by v.effective_from desc limit 1) v on true
    where e.id = ${id}) e`,
  row: sql`json_build_array(${ROW_COLUMNS})`,
});

/** The list query aliases employees as `e`, so its filters are written against that alias. */
function filterClause(filters: RowFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (filters.id !== undefined) parts.push(sql`e.id = ${filters.id}`);
  if (filters.ids) parts.push(idIn(sql`e.id`, filters.ids));
  if (filters.name) parts.push(nameSearch(filters.name));
  if (filters.jobId !== undefined) parts.push(sql`e.job_id = ${filters.jobId}`);
  if (filters.positionId !== undefined) parts.push(sql`e.position_id = ${filters.positionId}`);
  if (filters.gradeId !== undefined) parts.push(sql`e.grade_id = ${filters.gradeId}`);
  if (filters.levelId !== undefined) parts.push(sql`e.level_id = ${filters.levelId}`);
  return parts.length ? sql.join(parts, sql` and `) : undefined;
}

/** Whether the database narrows the rows for these filters (salary filters apply after pricing). */
export const narrowsRows = (filters: RowFilters): boolean =>
  filterClause(filters) !== undefined || filters.asOf !== undefined;

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
export function listColumns(filters: RowFilters, page?: ListPage) {
  const where = filterClause(filters);
  const source = employeesAsOf(filters.asOf);
  const rows = page
    ? sql`(select * from ${source} e
        where e.id > ${page.after} ${where ? sql`and ${where}` : sql``}
        order by e.id limit ${page.limit}) e`
    : sql`${source} e ${where ? sql`where ${where}` : sql``}`;
  return {
    ...listNameColumns(),
    rows: sql<
      RowTuple[] | string
    >`(select coalesce(json_agg(json_build_array(${ROW_COLUMNS}) order by e.id), '[]'::json)
      from ${rows})`,
  };
}

/**
 * On PostgreSQL, the whole list's rows (today's, or as of a day: `asOf`) through the row
 * protocol (array mode) instead of one json_agg value: PostgreSQL builds json_agg on one backend core, and at 100,000 rows that was
 * most of a list read after a write. The same tuples as `listColumns` (years as float8, which
 * holds numeric(5,2) exactly enough to print the same: JSON carried them as numbers too).
 */
export function listRowsQuery(filters: RowFilters): SQL {
  const where = filterClause(filters);
  return sql`select ${ROW_TUPLE_COLUMNS} from ${employeesAsOf(filters.asOf)} e ${where ? sql`where ${where}` : sql``} order by e.id`;
}

/** The company's time zone (null: the server's), whose today the list's years are derived at. */
export const companyTimeZone = sql<
  string | null
>`(select ${company.timeZone} from ${company} where ${company.id} = 1)`;

/**
 * The names and the snapshot of `listColumns`, without the rows, and the company's time
 * zone: the records' derived years are as of its today (employee.model.ts), and a list read
 * answers `listSnapshot(row)`, the snapshot with that day, so caches keyed on it end with the day.
 */
export function listNameColumns() {
  return {
    jobs: names(jobs),
    positions: names(positions),
    grades: names(grades),
    levels: names(levels),
    snapshot: currentSnapshot,
    timeZone: companyTimeZone,
  };
}

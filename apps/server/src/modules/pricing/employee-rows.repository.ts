import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  adjustmentFactors,
  baseSalaries,
  employees,
  employeeVersions,
  grades,
  jobs,
  levels,
  positions,
  ruleVersions,
  settings,
} from '../../db/schema.ts';
import { textArray } from '../../db/sql-arrays.ts';
import { parsedJson } from '../../lib/parsed-json.ts';
import { type EmployeeRecord, listSnapshot, recordsOf } from '../employees/employee.model.ts';
import {
  employeeOnDays,
  type ListPage,
  listColumns,
  listNameColumns,
  type RowFilters,
} from '../employees/employee-list.repository.ts';
import {
  employeeRulesOnDay,
  oneRow,
  ruleColumnsOn,
  type StoredRules,
  settingsJoin,
  storedRules,
} from './rules.repository.ts';
import type { ListHead, SnapshotReads } from './snapshot-reads.repository.ts';

/*
 * The employees pricing reads, always with every rule that prices them and the snapshot they
 * were read at: a list (one statement), or the whole list re-read by row version.
 */

/** A whole-list read: each employee's row version in id order, and its sources' fingerprints. */
export interface WholeList {
  snapshot: string;
  /** The names' tables as their rows' (xmin, ctid): any insert, update or delete moves it. */
  names: string;
  /** The same of the rule tables (base salaries, factors, settings). */
  rules: string;
  ids: number[];
  versions: string[];
  stored: StoredRules;
  /** The day the list is as of (each employee's version in force then); absent: today. */
  asOf?: string;
}

/**
 * Every table a priced list row is made from besides employees: names, then rules (as of a day,
 * their versions too).
 */
const NAME_SOURCES = [jobs, positions, grades, levels];
const RULE_SOURCES = [baseSalaries, adjustmentFactors, settings];
const DATED_RULE_SOURCES = [...RULE_SOURCES, ruleVersions];

const fingerprint = (tables: typeof NAME_SOURCES | typeof DATED_RULE_SOURCES) =>
  sql<string>`concat_ws('|', ${sql.join(
    tables.map(
      (
        table,
      ) => sql`(select coalesce(string_agg(s.xmin::text || '@' || s.ctid::text, ',' order by s.ctid), '')
        from ${table} s)`,
    ),
    sql`, `,
  )})`;

/**
 * Each row's version, and the fingerprints of its sources. As of a day, a row is also made of
 * the employee's dated versions from that day or before (the one in force then is the latest):
 * their `employee_id:xmin`, in employee order, are part of its version.
 */
const versionColumns = (asOf: string | undefined) => ({
  versions: sql<string>`(select coalesce(string_agg(v.id::text || ':' || v.xmin::text, ',' order by v.id), '')
    from ${employees} v)`,
  datedVersions:
    asOf === undefined
      ? sql<string>`''`
      : sql<string>`(select coalesce(string_agg(v.employee_id::text || ':' || v.xmin::text, ','
          order by v.employee_id, v.id), '') from ${employeeVersions} v where v.effective_from <= ${asOf}::date)`,
  nameSources: fingerprint(NAME_SOURCES),
  ruleSources: fingerprint(asOf === undefined ? RULE_SOURCES : DATED_RULE_SOURCES),
});

/** `id:version` pairs, comma-separated, in id order (an id may repeat: its versions are joined). */
function parseVersions(text: string): { ids: number[]; versions: string[] } {
  const ids: number[] = [];
  const versions: string[] = [];
  if (text === '') return { ids, versions };
  for (const pair of text.split(',')) {
    const colon = pair.indexOf(':');
    const id = Number(pair.slice(0, colon));
    const version = pair.slice(colon + 1);
    if (ids[ids.length - 1] === id) versions[versions.length - 1] += `+${version}`;
    else {
      ids.push(id);
      versions.push(version);
    }
  }
  return { ids, versions };
}

/** Each row's version with its dated versions' (`datedVersions`) appended: both in id order. */
function withDated(rows: { ids: number[]; versions: string[] }, datedText: string) {
  const dated = parseVersions(datedText);
  let j = 0;
  for (let i = 0; i < rows.ids.length && j < dated.ids.length; i++) {
    while (j < dated.ids.length && dated.ids[j]! < rows.ids[i]!) j++;
    if (dated.ids[j] === rows.ids[i]) rows.versions[i] += `/${dated.versions[j]}`;
  }
  return rows;
}

/**
 * Which rows of `known` are still current: `reuse[i]` is the index in `known` of row i's
 * unchanged version, or -1; `changed` lists the ids to read again (every id when a name moved,
 * or when too much changed to be worth picking out).
 */
/** The day a list snapshot's years were derived at (`listSnapshot`: its last word). */
const dayOf = (snapshot: string) => snapshot.slice(snapshot.lastIndexOf(' ') + 1);

function unchangedRows(
  known: WholeList | undefined,
  asOf: string | undefined,
  names: string,
  snapshot: string,
  ids: number[],
  versions: string[],
): { reuse: Int32Array; changed: number[] } {
  const reuse = new Int32Array(ids.length).fill(-1);
  // A new day (the company's) derives the years again: every row is read anew; another day
  // asked reads other versions.
  if (!known || known.asOf !== asOf || known.names !== names || dayOf(known.snapshot) !== dayOf(snapshot))
    return { reuse, changed: ids };
  const changed: number[] = [];
  // Both in id order: one walk.
  let j = 0;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    while (j < known.ids.length && known.ids[j]! < id) j++;
    if (j < known.ids.length && known.ids[j] === id && known.versions[j] === versions[i]) reuse[i] = j;
    else changed.push(id);
  }
  if (changed.length > ids.length / 4) return { reuse: reuse.fill(-1), changed: ids };
  return { reuse, changed };
}

/** One day of `employeeOnDays`: the day, the row tuple, and its rules (see `employeeRulesOnDay`). */
type OnDay = [
  day: string,
  row: unknown[],
  settingsOn: Record<string, unknown> | null,
  baseSalary: [number, number, number, number | null, number | null, number | null] | null,
  factor: [number, number, 'PERCENTAGE' | 'FIXED', number] | null,
];

export function createEmployeeRowsRepository(
  db: DbOrTx,
  /** One-snapshot reads on the database itself, outside any write (see snapshot-reads.repository.ts). */
  snapshots?: SnapshotReads,
) {
  async function wholeListApart(filters: RowFilters, reads: SnapshotReads) {
    return reads.run(async (tx, rowsOf) => {
      const [head] = await tx
        .select({ ...listNameColumns(), ...ruleColumnsOn(filters.asOf) })
        .from(oneRow)
        .leftJoin(...settingsJoin);
      if (!head) throw new Error('employeesWithRules: no row');
      return {
        employees: await rowsOf(filters, head satisfies ListHead),
        rules: storedRules(head),
        snapshot: listSnapshot(head),
      };
    });
  }

  return {
    /**
     * The matching employees plus every rule that prices them: the rows and their rules come
     * from the same snapshot (answered too), and a list costs one round trip, not four.
     */
    async employeesWithRules(
      filters: RowFilters,
      page: ListPage | undefined,
      tx: DbOrTx = db,
    ): Promise<{ employees: EmployeeRecord[]; rules: StoredRules; snapshot: string }> {
      // The whole list, or as of a day (the rows and the rules in force then).
      const whole = !page && filters.id === undefined && filters.ids === undefined;
      if (snapshots?.rowsApart && whole && tx === db) return wholeListApart(filters, snapshots);
      const [row] = await tx
        .select({ ...listColumns(filters, page), ...ruleColumnsOn(filters.asOf) })
        .from(oneRow)
        .leftJoin(...settingsJoin);
      if (!row) throw new Error('employeesWithRules: no row');
      return {
        employees: recordsOf(row, filters.asOf),
        rules: storedRules(row),
        snapshot: listSnapshot(row),
      };
    },

    /**
     * Employee `id` on each of `days` (YYYY-MM-DD) with the rules that price it then, in ONE
     * statement: as `employeesWithRules({ id, asOf: day })` reads it, and on `today` as
     * `employeesWithRules({ id })` does (its row and the rule tables), but only its own base
     * salary and factor. Days ascending; none when there is no such employee.
     */
    async employeeOnDays(
      id: number,
      days: readonly string[],
      today: string,
      tx: DbOrTx = db,
    ): Promise<Array<{ day: string; employee: EmployeeRecord; rules: StoredRules }>> {
      const d = sql`(select day, day = ${today}::date as is_today
        from unnest(${textArray(days)}::date[]) as day) d`;
      const on = employeeOnDays(id, d);
      const { settingsOn, baseSalary, factor } = employeeRulesOnDay;
      const [row] = await tx
        .select({
          ...listNameColumns(),
          settings,
          days: sql<
            Array<OnDay> | string
          >`(select coalesce(json_agg(json_build_array(d.day::text, ${on.row}, ${settingsOn}, ${baseSalary}, ${factor})
            order by d.day), '[]'::json) from ${on.from})`,
        })
        .from(oneRow)
        .leftJoin(...settingsJoin);
      if (!row) throw new Error('employeeOnDays: no row');
      const names = {
        jobs: parsedJson(row.jobs, []),
        positions: parsedJson(row.positions, []),
        grades: parsedJson(row.grades, []),
        levels: parsedJson(row.levels, []),
        timeZone: row.timeZone,
      };
      return parsedJson(row.days, []).map(([day, tuple, on, base, factor]) => ({
        day,
        employee: recordsOf({ ...names, rows: [tuple] }, day)[0]!,
        rules: storedRules({
          settings: row.settings,
          settingsOn: on,
          baseSalaries: base ? [base] : [],
          factors: factor ? [factor] : [],
        }),
      }));
    },

    /**
     * Every employee with its rules, re-reading only the rows written since `known` (an
     * earlier answer of this method): each row's version is its `xmin` (the transaction that
     * wrote that row version: any insert or update gives a new one, a delete removes the id),
     * and the names' and rules' tables are fingerprinted the same way. All in one transaction
     * on one snapshot. `reuse[i]` is the index in `known` of row i's unchanged version, or -1
     * for a row read now (`read`, in id order). When a name moved, or too much changed to be
     * worth picking out, every row is read again. Outside any unit of work only (on the
     * database itself): inside one, uncommitted rows carry versions too. With `asOf`, the
     * list as of that day (each employee's version in force then, the rules in force then),
     * and `known` counts only if it is of the same day.
     */
    async wholeListSince(
      known: WholeList | undefined,
      asOf?: string,
      /**
       * A write's transaction to read inside instead, before it writes anything (see
       * `pricing.read-model.ts`, `fromKept`): its rows come as one json_agg value, and what it
       * answers must not be kept.
       */
      within?: DbOrTx,
    ): Promise<WholeList & { reuse: Int32Array; read: EmployeeRecord[] }> {
      type Rows = (filters: RowFilters, head: ListHead) => Promise<EmployeeRecord[]>;
      const run = <T>(work: (tx: DbOrTx, rowsOf: Rows) => Promise<T>): Promise<T> => {
        if (within)
          return work(within, async (filters) => {
            const [row] = await within.select(listColumns(filters)).from(oneRow);
            return recordsOf(row, filters.asOf);
          });
        if (!snapshots) throw new Error('wholeListSince needs one-snapshot reads');
        return snapshots.run(work);
      };
      return run(async (tx, rowsOf) => {
        const [head] = await tx
          .select({ ...listNameColumns(), ...ruleColumnsOn(asOf), ...versionColumns(asOf) })
          .from(oneRow)
          .leftJoin(...settingsJoin);
        if (!head) throw new Error('wholeListSince: no row');
        const { ids, versions } = withDated(parseVersions(head.versions), head.datedVersions);
        const snapshot = listSnapshot(head);
        const { reuse, changed } = unchangedRows(known, asOf, head.nameSources, snapshot, ids, versions);
        const day = asOf === undefined ? {} : { asOf };
        const read =
          changed.length === 0 ? [] : await rowsOf(changed === ids ? day : { ids: changed, ...day }, head);
        if (read.length !== changed.length) throw new Error('wholeListSince: rows moved within one snapshot');
        return {
          snapshot,
          names: head.nameSources,
          rules: head.ruleSources,
          ids,
          versions,
          stored: storedRules(head),
          ...day,
          reuse,
          read,
        };
      });
    },
  };
}

export type EmployeeRowsRepository = ReturnType<typeof createEmployeeRowsRepository>;

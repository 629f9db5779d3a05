import type { Settings } from '@salary/shared/settings/settings.contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import {
  adjustmentFactors,
  baseSalaries,
  employees,
  grades,
  jobs,
  levels,
  positions,
  settings,
} from '../../db/schema.ts';
import { currentSnapshot } from '../../lib/snapshot.repository.ts';
import {
  type EmployeeRecord,
  type ListPage,
  listColumns,
  listNameColumns,
  listRowsQuery,
  narrowsRows,
  parsedJson,
  type RowFilters,
  recordsOf,
} from '../employees/employees.repository.ts';
import { toSettings } from '../settings/settings.repository.ts';

export interface FactorRecord {
  jobId: number;
  positionId: number;
  type: 'PERCENTAGE' | 'FIXED';
  factor: number;
}

export interface BaseSalaryRecord {
  gradeId: number;
  levelId: number;
  amount: number;
}

export interface ReferenceIds {
  jobId: number;
  positionId: number;
  gradeId: number;
  levelId: number;
}

/** Which of the four references exist, and which job the position belongs to. */
export interface References {
  job: boolean;
  positionJobId: number | null;
  grade: boolean;
  level: boolean;
}

/**
 * Every rule that prices employees: the settings (undefined only when the settings row is
 * missing — the caller recreates it), all base salaries and all factors.
 */
export interface StoredRules {
  settings: Settings | undefined;
  baseSalaries: BaseSalaryRecord[];
  factors: FactorRecord[];
}

/** The settings record is a single row (see the settings repository). */
const SETTINGS_ID = 1;

/** The four references as columns of one statement: id lookups on primary keys. */
function referenceColumns(ids: ReferenceIds) {
  return {
    job: sql<boolean>`exists (select 1 from ${jobs} where ${jobs.id} = ${ids.jobId})`,
    positionJobId: sql<
      number | null
    >`(select ${positions.jobId} from ${positions} where ${positions.id} = ${ids.positionId})`,
    grade: sql<boolean>`exists (select 1 from ${grades} where ${grades.id} = ${ids.gradeId})`,
    level: sql<boolean>`exists (select 1 from ${levels} where ${levels.id} = ${ids.levelId})`,
  };
}

function toReferences(row: { job: unknown; positionJobId: number | null; grade: unknown; level: unknown }) {
  return {
    job: Boolean(row.job),
    positionJobId: row.positionJobId ?? null,
    grade: Boolean(row.grade),
    level: Boolean(row.level),
  };
}

/** Base salaries and factors as one json value each (both drivers decode that fast). */
const ruleColumns = {
  settings,
  baseSalaries: sql<Array<[number, number, number]> | string>`(select coalesce(json_agg(json_build_array(
    ${baseSalaries.gradeId}, ${baseSalaries.levelId}, ${baseSalaries.amount})), '[]'::json) from ${baseSalaries})`,
  factors: sql<
    Array<[number, number, 'PERCENTAGE' | 'FIXED', number]> | string
  >`(select coalesce(json_agg(json_build_array(
    ${adjustmentFactors.jobId}, ${adjustmentFactors.positionId}, ${adjustmentFactors.type},
    ${adjustmentFactors.factor})), '[]'::json) from ${adjustmentFactors})`,
};

function storedRules(row: {
  settings: typeof settings.$inferSelect | null;
  baseSalaries: Array<[number, number, number]> | string;
  factors: Array<[number, number, 'PERCENTAGE' | 'FIXED', number]> | string;
}): StoredRules {
  return {
    settings: row.settings ? toSettings(row.settings) : undefined,
    baseSalaries: parsedJson(row.baseSalaries, []).map(([gradeId, levelId, amount]) => ({
      gradeId,
      levelId,
      amount: Number(amount),
    })),
    factors: parsedJson(row.factors, []).map(([jobId, positionId, type, factor]) => ({
      jobId,
      positionId,
      type,
      factor: Number(factor),
    })),
  };
}

const oneRow = sql`(select 1) as one`;

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
}

/** Every table a priced list row is made from besides employees: names, then rules. */
const NAME_SOURCES = [jobs, positions, grades, levels];
const RULE_SOURCES = [baseSalaries, adjustmentFactors, settings];

const fingerprint = (tables: typeof NAME_SOURCES | typeof RULE_SOURCES) =>
  sql<string>`concat_ws('|', ${sql.join(
    tables.map(
      (
        table,
      ) => sql`(select coalesce(string_agg(s.xmin::text || '@' || s.ctid::text, ',' order by s.ctid), '')
        from ${table} s)`,
    ),
    sql`, `,
  )})`;

const versionColumns = {
  versions: sql<string>`(select coalesce(string_agg(v.id::text || ':' || v.xmin::text, ',' order by v.id), '')
    from ${employees} v)`,
  nameSources: fingerprint(NAME_SOURCES),
  ruleSources: fingerprint(RULE_SOURCES),
};

function parseVersions(text: string): { ids: number[]; versions: string[] } {
  const ids: number[] = [];
  const versions: string[] = [];
  if (text === '') return { ids, versions };
  for (const pair of text.split(',')) {
    const colon = pair.indexOf(':');
    ids.push(Number(pair.slice(0, colon)));
    versions.push(pair.slice(colon + 1));
  }
  return { ids, versions };
}

/**
 * Reads what pricing needs. Every read is ONE statement that also answers the snapshot it
 * read at, and takes an optional transaction (`tx`) to read inside.
 */
/** What a drizzle transaction on node-postgres holds: its connection and its SQL dialect. */
interface NodePgTransaction {
  session: { client: pg.PoolClient };
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
}

export function createPricingRepository(
  db: DbOrTx,
  opts: {
    /**
     * The database itself (outside any unit of work): whole-list reads run there in one
     * transaction, read-only REPEATABLE READ on PostgreSQL (one snapshot for all of it, and
     * `pg_current_snapshot()` names it).
     */
    root?: Db;
    /** PostgreSQL: those reads take their rows through the row protocol (array mode). */
    rowProtocol?: boolean;
  } = {},
) {
  const { root, rowProtocol } = opts;

  /** One transaction on the root handle that sees one snapshot throughout. */
  function snapshotTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return rowProtocol
      ? root!.transaction(work, { isolationLevel: 'repeatable read', accessMode: 'read only' })
      : root!.transaction(work);
  }

  /** The rows matching `filters` with their names resolved (the names read beside them). */
  async function rowsIn(
    tx: Tx,
    filters: RowFilters,
    head: Omit<NonNullable<Parameters<typeof recordsOf>[0]>, 'rows'>,
  ): Promise<EmployeeRecord[]> {
    if (!rowProtocol) {
      const [row] = await tx.select(listColumns(filters)).from(oneRow);
      return recordsOf(row);
    }
    const raw = tx as unknown as NodePgTransaction;
    const query = raw.dialect.sqlToQuery(listRowsQuery(filters));
    const result = await raw.session.client.query<unknown[]>({
      text: query.sql,
      values: query.params,
      rowMode: 'array',
    });
    return recordsOf({ ...head, rows: result.rows as never });
  }

  async function listByRows(filters: RowFilters) {
    return snapshotTransaction(async (tx) => {
      const [head] = await tx
        .select({ ...listNameColumns(), ...ruleColumns })
        .from(oneRow)
        .leftJoin(settings, eq(settings.id, SETTINGS_ID));
      if (!head) throw new Error('employeesWithRules: no row');
      return {
        employees: await rowsIn(tx, filters, head),
        rules: storedRules(head),
        snapshot: head.snapshot,
      };
    });
  }

  return {
    /** Which of the four references exist, and which job the position belongs to. */
    async references(ids: ReferenceIds, tx: DbOrTx = db): Promise<References> {
      const [row] = await tx.select(referenceColumns(ids)).from(oneRow);
      if (!row) throw new Error('references: no row');
      return toReferences(row);
    },

    /** Every pricing rule, with the snapshot it was read at. */
    async rules(tx: DbOrTx = db): Promise<StoredRules & { snapshot: string }> {
      const [row] = await tx
        .select({ ...ruleColumns, snapshot: currentSnapshot })
        .from(oneRow)
        .leftJoin(settings, eq(settings.id, SETTINGS_ID));
      if (!row) throw new Error('rules: no row');
      return { ...storedRules(row), snapshot: row.snapshot };
    },

    /**
     * The matching employees plus every rule that prices them: the rows and their rules come
     * from the same snapshot (answered too), and a list costs one round trip, not four.
     */
    async employeesWithRules(
      filters: RowFilters,
      page: ListPage | undefined,
      tx: DbOrTx = db,
    ): Promise<{ employees: EmployeeRecord[]; rules: StoredRules; snapshot: string }> {
      const whole = !page && filters.id === undefined && filters.ids === undefined;
      if (rowProtocol && root && whole && tx === db) return listByRows(filters);
      const [row] = await tx
        .select({ ...listColumns(filters, page), ...ruleColumns })
        .from(oneRow)
        .leftJoin(settings, eq(settings.id, SETTINGS_ID));
      if (!row) throw new Error('employeesWithRules: no row');
      return { employees: recordsOf(row), rules: storedRules(row), snapshot: row.snapshot };
    },

    /**
     * Every employee with its rules, re-reading only the rows written since `known` (an
     * earlier answer of this method): each row's version is its `xmin` (the transaction that
     * wrote that row version: any insert or update gives a new one, a delete removes the id),
     * and the names' and rules' tables are fingerprinted the same way. All in one transaction
     * on one snapshot. `reuse[i]` is the index in `known` of row i's unchanged version, or -1
     * for a row read now (`read`, in id order). When a name moved, or too much changed to be
     * worth picking out, every row is read again. Outside write scopes only (`root`): inside
     * one, uncommitted rows carry versions too.
     */
    async wholeListSince(
      known: WholeList | undefined,
    ): Promise<WholeList & { reuse: Int32Array; read: EmployeeRecord[] }> {
      if (!root) throw new Error('wholeListSince needs the root handle');
      return snapshotTransaction(async (tx) => {
        const [head] = await tx
          .select({ ...listNameColumns(), ...ruleColumns, ...versionColumns })
          .from(oneRow)
          .leftJoin(settings, eq(settings.id, SETTINGS_ID));
        if (!head) throw new Error('wholeListSince: no row');
        const { ids, versions } = parseVersions(head.versions);
        const reuse = new Int32Array(ids.length).fill(-1);
        let changed: number[] = ids;
        if (known && known.names === head.nameSources) {
          changed = [];
          // Both in id order: one walk.
          let j = 0;
          for (let i = 0; i < ids.length; i++) {
            const id = ids[i]!;
            while (j < known.ids.length && known.ids[j]! < id) j++;
            if (j < known.ids.length && known.ids[j] === id && known.versions[j] === versions[i])
              reuse[i] = j;
            else changed.push(id);
          }
          if (changed.length > ids.length / 4) {
            changed = ids;
            reuse.fill(-1);
          }
        }
        const read =
          changed.length === 0 ? [] : await rowsIn(tx, changed === ids ? {} : { ids: changed }, head);
        if (read.length !== changed.length) throw new Error('wholeListSince: rows moved within one snapshot');
        return {
          snapshot: head.snapshot,
          names: head.nameSources,
          rules: head.ruleSources,
          ids,
          versions,
          stored: storedRules(head),
          reuse,
          read,
        };
      });
    },

    /**
     * Everything one calculation reads — the settings record, the references, the base
     * salary and the adjustment factor — in ONE statement, with the snapshot it read at.
     */
    async profileRules(ids: ReferenceIds, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          settings,
          snapshot: currentSnapshot,
          ...referenceColumns(ids),
          baseSalary: sql<string | null>`(select ${baseSalaries.amount}::text from ${baseSalaries}
            where ${baseSalaries.gradeId} = ${ids.gradeId} and ${baseSalaries.levelId} = ${ids.levelId})`,
          factor: sql<string | null>`(select ${adjustmentFactors.factor}::text from ${adjustmentFactors}
            where ${adjustmentFactors.jobId} = ${ids.jobId} and ${adjustmentFactors.positionId} = ${ids.positionId})`,
          factorType: sql<
            'PERCENTAGE' | 'FIXED' | null
          >`(select ${adjustmentFactors.type} from ${adjustmentFactors}
            where ${adjustmentFactors.jobId} = ${ids.jobId} and ${adjustmentFactors.positionId} = ${ids.positionId})`,
        })
        .from(oneRow)
        .leftJoin(settings, eq(settings.id, SETTINGS_ID));
      if (!row) throw new Error('profileRules: no row');
      const factor: FactorRecord | null =
        row.factor === null || row.factorType === null
          ? null
          : {
              jobId: ids.jobId,
              positionId: ids.positionId,
              type: row.factorType,
              factor: Number(row.factor),
            };
      return {
        snapshot: row.snapshot,
        settings: row.settings ? toSettings(row.settings) : undefined,
        references: toReferences(row),
        baseSalary: row.baseSalary === null ? null : Number(row.baseSalary),
        factor,
      };
    },
  };
}

export type PricingRepository = ReturnType<typeof createPricingRepository>;
/** The employee rows pricing reads (the employees' list query, see employees.repository.ts). */
export type { EmployeeRecord, ListPage, RowFilters };
export { narrowsRows };

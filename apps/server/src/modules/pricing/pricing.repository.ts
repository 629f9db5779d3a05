import type { Settings } from '@salary/shared/settings/settings.contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  adjustmentFactors,
  baseSalaries,
  grades,
  jobs,
  levels,
  positions,
  settings,
} from '../../db/schema.ts';
import { currentSnapshot } from '../../lib/snapshot.repository.ts';
import { currentWriteScope } from '../../lib/write-scope.ts';
import {
  type EmployeeRecord,
  type ListPage,
  listColumns,
  listNameColumns,
  listRowsQuery,
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
     * PostgreSQL's root handle: whole-list reads outside a write scope then take their rows
     * through the row protocol, with the names and rules, in one read-only REPEATABLE READ
     * transaction (one snapshot for all of it, and `pg_current_snapshot()` names it).
     */
    rowProtocol?: Db;
  } = {},
) {
  const { rowProtocol } = opts;

  async function listByRows(filters: RowFilters) {
    return rowProtocol!.transaction(
      async (tx) => {
        const [head] = await tx
          .select({ ...listNameColumns(), ...ruleColumns })
          .from(oneRow)
          .leftJoin(settings, eq(settings.id, SETTINGS_ID));
        if (!head) throw new Error('employeesWithRules: no row');
        const raw = tx as unknown as NodePgTransaction;
        const query = raw.dialect.sqlToQuery(listRowsQuery(filters));
        const result = await raw.session.client.query<unknown[]>({
          text: query.sql,
          values: query.params,
          rowMode: 'array',
        });
        return {
          employees: recordsOf({ ...head, rows: result.rows }),
          rules: storedRules(head),
          snapshot: head.snapshot,
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
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
      if (rowProtocol && whole && tx === db && !currentWriteScope()) return listByRows(filters);
      const [row] = await tx
        .select({ ...listColumns(filters, page), ...ruleColumns })
        .from(oneRow)
        .leftJoin(settings, eq(settings.id, SETTINGS_ID));
      if (!row) throw new Error('employeesWithRules: no row');
      return { employees: recordsOf(row), rules: storedRules(row), snapshot: row.snapshot };
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

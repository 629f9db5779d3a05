import type { StoredBand } from '@salary/shared/base-salaries/salary-bands';
import { asBasisPoints, asCents, type Cents, type RuleUnits } from '@salary/shared/common/money';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  adjustmentFactors,
  baseSalaries,
  grades,
  jobs,
  levels,
  positions,
  settings,
} from '../../db/schema.ts';
import { parsedJson } from '../../lib/parsed-json.ts';
import { currentSnapshot } from '../../lib/snapshot.repository.ts';
import { rulesOn } from '../rule-calendar/rule-versions.repository.ts';
import { type RuleSettings, settingsRowOf, toRuleSettings } from '../settings/settings.repository.ts';

/*
 * The rules that price employees, as pricing reads them: every rule at once (a list), or what
 * one calculation needs. Each read is ONE statement that also answers the snapshot it read at.
 */

export interface FactorRecord {
  jobId: number;
  positionId: number;
  type: 'PERCENTAGE' | 'FIXED';
  /** Basis points of base for PERCENTAGE, cents for FIXED (as stored). */
  factor: RuleUnits;
}

export interface BaseSalaryRecord extends StoredBand {
  gradeId: number;
  levelId: number;
  amount: Cents;
}

/** A base salary as the rule reads carry it: grade, level, amount, then its band's three fields. */
type BaseTuple = [number, number, number, number | null, number | null, number | null];

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
  settings: RuleSettings | undefined;
  baseSalaries: BaseSalaryRecord[];
  factors: FactorRecord[];
}

/** The settings record is a single row (see the settings repository). */
export const SETTINGS_ID = 1;

/** A statement of columns only: `select … from (select 1) as one`. */
export const oneRow = sql`(select 1) as one`;

/** The settings row, joined to `oneRow` by the statements that read the rules. */
export const settingsJoin = [settings, eq(settings.id, SETTINGS_ID)] as const;

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
export const ruleColumns = {
  settings,
  baseSalaries: sql<Array<BaseTuple> | string>`(select coalesce(json_agg(json_build_array(
    ${baseSalaries.gradeId}, ${baseSalaries.levelId}, ${baseSalaries.amount}, ${baseSalaries.bandSpread},
    ${baseSalaries.bandMin}, ${baseSalaries.bandMax})), '[]'::json) from ${baseSalaries})`,
  factors: sql<
    Array<[number, number, 'PERCENTAGE' | 'FIXED', number]> | string
  >`(select coalesce(json_agg(json_build_array(
    ${adjustmentFactors.jobId}, ${adjustmentFactors.positionId}, ${adjustmentFactors.type},
    ${adjustmentFactors.factor})), '[]'::json) from ${adjustmentFactors})`,
};

/**
 * The rules in force on `asOf` (docs/decisions/0026), as `ruleColumns` reads today's: from their
 * versions, and the table rows of rules that have none. Absent: `ruleColumns`.
 */
export const ruleColumnsOn = (asOf: string | undefined) =>
  asOf === undefined
    ? ruleColumns
    : {
        settings,
        settingsOn: sql<
          Record<string, unknown> | string | null
        >`(select to_jsonb(x) from ${rulesOn('SETTINGS', asOf)} x limit 1)`,
        baseSalaries: sql<Array<BaseTuple> | string>`(select coalesce(json_agg(json_build_array(
          x.grade_id, x.level_id, x.amount, x.band_spread, x.band_min, x.band_max)), '[]'::json)
          from ${rulesOn('BASE_SALARY', asOf)} x)`,
        factors: sql<
          Array<[number, number, 'PERCENTAGE' | 'FIXED', number]> | string
        >`(select coalesce(json_agg(
          json_build_array(x.job_id, x.position_id, x.type, x.factor)), '[]'::json) from ${rulesOn('ADJUSTMENT_FACTOR', asOf)} x)`,
      };

/**
 * The rules that price the employee under `e` on day `d.day`, as `ruleColumnsOn` reads them
 * (where `d.is_today`: as `ruleColumns`, from the tables), but only its own base salary and
 * factor, as json arrays in `ruleColumns`' shape (null: none). `settingsOn` null: the table row.
 */
export const employeeRulesOnDay = (() => {
  const day = sql`d.day`;
  const base = sql`json_build_array(x.grade_id, x.level_id, x.amount, x.band_spread, x.band_min, x.band_max)`;
  const baseOf = sql`x.grade_id = e.grade_id and x.level_id = e.level_id`;
  const factor = sql`json_build_array(x.job_id, x.position_id, x.type, x.factor)`;
  const factorOf = sql`x.job_id = e.job_id and x.position_id = e.position_id`;
  return {
    settingsOn: sql`case when d.is_today then null
      else (select to_jsonb(x) from ${rulesOn('SETTINGS', day)} x limit 1) end`,
    baseSalary: sql`case when d.is_today then (select ${base} from ${baseSalaries} x where ${baseOf})
      else (select ${base} from ${rulesOn('BASE_SALARY', day)} x where ${baseOf}) end`,
    factor: sql`case when d.is_today then (select ${factor} from ${adjustmentFactors} x where ${factorOf})
      else (select ${factor} from ${rulesOn('ADJUSTMENT_FACTOR', day)} x where ${factorOf}) end`,
  };
})();

/** The settings of a row read with `ruleColumnsOn`: the day's version over today's row. */
function settingsOf(row: {
  settings: typeof settings.$inferSelect | null;
  settingsOn?: Record<string, unknown> | string | null;
}): RuleSettings | undefined {
  const on = row.settingsOn === undefined || row.settingsOn === null ? null : parsedJson(row.settingsOn, {});
  if (on && row.settings) return toRuleSettings(settingsRowOf(on, row.settings));
  return row.settings ? toRuleSettings(row.settings) : undefined;
}

/** The rules of a row read with `ruleColumns` (or `ruleColumnsOn`). */
export function storedRules(row: {
  settings: typeof settings.$inferSelect | null;
  settingsOn?: Record<string, unknown> | string | null;
  baseSalaries: Array<BaseTuple> | string;
  factors: Array<[number, number, 'PERCENTAGE' | 'FIXED', number]> | string;
}): StoredRules {
  return {
    settings: settingsOf(row),
    baseSalaries: parsedJson(row.baseSalaries, []).map(([gradeId, levelId, amount, spread, min, max]) => ({
      gradeId,
      levelId,
      // bigint: json_agg writes it as a JSON number on both drivers.
      amount: asCents(Number(amount)),
      bandSpread: spread === null || spread === undefined ? null : asBasisPoints(Number(spread)),
      bandMin: min === null || min === undefined ? null : asCents(Number(min)),
      bandMax: max === null || max === undefined ? null : asCents(Number(max)),
    })),
    factors: parsedJson(row.factors, []).map(([jobId, positionId, type, factor]) => ({
      jobId,
      positionId,
      type,
      // bigint: json_agg writes it as a JSON number on both drivers.
      factor: Number(factor) as RuleUnits,
    })),
  };
}

/** Reads the rules; each read takes an optional transaction (`tx`) to read inside. */
export function createRulesRepository(db: DbOrTx) {
  return {
    /** Which of the four references exist, and which job the position belongs to. */
    async references(ids: ReferenceIds, tx: DbOrTx = db): Promise<References> {
      const [row] = await tx.select(referenceColumns(ids)).from(oneRow);
      if (!row) throw new Error('references: no row');
      return toReferences(row);
    },

    /** Every pricing rule (in force on `asOf`; absent: today's), with the snapshot it was read at. */
    async rules(tx: DbOrTx = db, asOf?: string): Promise<StoredRules & { snapshot: string }> {
      const [row] = await tx
        .select({ ...ruleColumnsOn(asOf), snapshot: currentSnapshot })
        .from(oneRow)
        .leftJoin(...settingsJoin);
      if (!row) throw new Error('rules: no row');
      return { ...storedRules(row), snapshot: row.snapshot };
    },

    /**
     * Everything one calculation reads — the settings record, the references, the base
     * salary and the adjustment factor — in ONE statement, with the snapshot it read at.
     * `_asOf` (YYYY-MM-DD): the rules in force that day; today's until the rules are dated.
     */
    async profileRules(ids: ReferenceIds, tx: DbOrTx = db, asOf?: string) {
      // As of a day: the rules in force then (docs/decisions/0026); else the tables (today).
      const bases = asOf === undefined ? sql`${baseSalaries}` : sql`${rulesOn('BASE_SALARY', asOf)}`;
      const factors =
        asOf === undefined ? sql`${adjustmentFactors}` : sql`${rulesOn('ADJUSTMENT_FACTOR', asOf)}`;
      const factorOf = sql`x.job_id = ${ids.jobId} and x.position_id = ${ids.positionId}`;
      const [row] = await tx
        .select({
          settings,
          settingsOn:
            asOf === undefined
              ? sql<null>`null`
              : sql<
                  Record<string, unknown> | string | null
                >`(select to_jsonb(x) from ${rulesOn('SETTINGS', asOf)} x limit 1)`,
          snapshot: currentSnapshot,
          ...referenceColumns(ids),
          baseSalary: sql<string | number | null>`(select x.amount from ${bases} x
            where x.grade_id = ${ids.gradeId} and x.level_id = ${ids.levelId})`,
          factor: sql<string | null>`(select x.factor::text from ${factors} x where ${factorOf})`,
          factorType: sql<'PERCENTAGE' | 'FIXED' | null>`(select x.type from ${factors} x where ${factorOf})`,
        })
        .from(oneRow)
        .leftJoin(...settingsJoin);
      if (!row) throw new Error('profileRules: no row');
      const factor: FactorRecord | null =
        row.factor === null || row.factorType === null
          ? null
          : {
              jobId: ids.jobId,
              positionId: ids.positionId,
              type: row.factorType,
              factor: Number(row.factor) as RuleUnits,
            };
      return {
        snapshot: row.snapshot,
        settings: settingsOf(row),
        references: toReferences(row),
        // bigint: a string from node-postgres, a number from PGlite.
        baseSalary: row.baseSalary === null ? null : asCents(Number(row.baseSalary)),
        factor,
      };
    },
  };
}

export type RulesRepository = ReturnType<typeof createRulesRepository>;

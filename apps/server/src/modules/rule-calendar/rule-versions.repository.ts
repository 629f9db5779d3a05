import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';

/*
 * The dated rules (docs/decisions/0026): one row of `rule_versions` per rule and day it changes.
 * Three kinds of rule share the one table and every statement here: each kind says which table
 * holds its versions in force today, which columns name one rule (none for the settings
 * record) and which columns are its value. A rule with no version at all is in force as its
 * table row says, on every day; `open` gives such rules their first version before a write.
 */

export type RuleKind = 'BASE_SALARY' | 'ADJUSTMENT_FACTOR' | 'SETTINGS';

interface KindSpec {
  kind: RuleKind;
  table: string;
  /** The columns that name one rule, the same in the rule's table and in rule_versions. */
  keys: readonly string[];
  /** The columns that are its value (kept in `value` as JSON under these names). */
  columns: readonly string[];
  /**
   * Value columns that may be null, left out of `value` when they are: versions written before
   * such a column existed hold the same value as a row that leaves it empty.
   */
  optional?: readonly string[];
}

/** The settings record's columns that price, as the database names them. */
const SETTINGS_COLUMNS = Object.values(getTableColumns(settings))
  .map((c) => c.name)
  .filter((name) => !['id', 'version', 'updated_at'].includes(name));

export const RULE_KINDS: readonly KindSpec[] = [
  {
    kind: 'BASE_SALARY',
    table: 'base_salaries',
    keys: ['grade_id', 'level_id'],
    columns: ['amount', 'band_spread', 'band_min', 'band_max'],
    optional: ['band_spread', 'band_min', 'band_max'],
  },
  {
    kind: 'ADJUSTMENT_FACTOR',
    table: 'adjustment_factors',
    keys: ['job_id', 'position_id'],
    columns: ['type', 'factor'],
  },
  { kind: 'SETTINGS', table: 'settings', keys: [], columns: SETTINGS_COLUMNS },
];

const specOf = (kind: RuleKind) => RULE_KINDS.find((k) => k.kind === kind)!;
const raw = (text: string) => sql.raw(text);
const list = (names: readonly string[], prefix = '') => names.map((n) => `${prefix}${n}`).join(', ');
/** The rule's value as JSON, from a row of its table under `alias`. */
const valueSql = (spec: KindSpec, alias: string) => {
  const pairs = (names: readonly string[]) => names.map((c) => `'${c}', ${alias}.${c}`).join(', ');
  const optional = spec.optional ?? [];
  const required = spec.columns.filter((c) => !optional.includes(c));
  const value = `jsonb_build_object(${pairs(required)})`;
  return optional.length ? `(${value} || jsonb_strip_nulls(jsonb_build_object(${pairs(optional)})))` : value;
};
/** `a.k1 = b.k1 and …` (true for the settings record, which has no key). */
const sameRule = (spec: KindSpec, a: string, b: string) =>
  spec.keys.length ? spec.keys.map((k) => `${a}.${k} = ${b}.${k}`).join(' and ') : 'true';
/** The columns `distinct on` takes: the rule's keys, or its kind when it has none. */
const ruleColumns = (spec: KindSpec) => (spec.keys.length ? list(spec.keys) : 'kind');

/** Each rule of `kind`'s version in force on `day`: its latest from that day or before. */
export const inForceOn = (kind: RuleKind, day: string | SQL): SQL => {
  const spec = specOf(kind);
  return sql`(select distinct on (${raw(ruleColumns(spec))}) * from rule_versions
    where kind = ${kind} and effective_from <= ${day}::date
    order by ${raw(ruleColumns(spec))}, effective_from desc)`;
};

/**
 * The rules of `kind` in force on `day` as rows of its table's columns (keys and value): from
 * their versions, and the table rows of rules that have none.
 */
export const rulesOn = (kind: RuleKind, day: string | SQL): SQL => {
  const spec = specOf(kind);
  const cols = [...spec.keys, ...spec.columns];
  const fromVersion = [...spec.keys.map((k) => `v.${k}`), ...spec.columns.map((c) => `r.${c}`)].join(', ');
  return sql`(select ${raw(fromVersion)}
    from ${inForceOn(kind, day)} v, jsonb_populate_record(null::${raw(spec.table)}, v.value) r
    where v.value is not null
    union all
    select ${raw(list(cols, 't.'))} from ${raw(spec.table)} t
    where not exists (select 1 from rule_versions x where x.kind = ${kind} and ${raw(sameRule(spec, 'x', 't'))}))`;
};

/** One rule's key: grade and level, job and position, or none (settings). */
export type RuleKey = Partial<Record<'grade_id' | 'level_id' | 'job_id' | 'position_id', number>>;

/** A rule whose table row differs from its version in force on a day: its key and value now. */
export interface ChangedRule {
  kind: RuleKind;
  key: RuleKey;
  /** The table row's value (null: no row: the rule was deleted). */
  value: Record<string, unknown> | null;
  /** The version in force that day (null: none, or no rule). */
  before: Record<string, unknown> | null;
}

/** A version, as listed (a scheduled change). */
export interface RuleVersionRow {
  id: number;
  kind: RuleKind;
  key: RuleKey;
  effectiveFrom: string;
  value: Record<string, unknown> | null;
  /** The version in force the day before (null: no rule then). */
  before: Record<string, unknown> | null;
  /** "Senior / L2", "Backend / Lead", "Settings". */
  subjectName: string;
  applied: boolean;
  recordedBy: string | null;
  recordedAt: string;
}

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Raw[] }).rows;
const json = (v: unknown): Record<string, unknown> | null =>
  v === null || v === undefined
    ? null
    : typeof v === 'string'
      ? JSON.parse(v)
      : (v as Record<string, unknown>);
const keyOf = (spec: KindSpec, row: Raw): RuleKey =>
  Object.fromEntries(spec.keys.map((k) => [k, Number(row[k])])) as RuleKey;
/** `(t.k1, t.k2) in ((1, 2), …)`, or true for the settings record. */
const keyIn = (spec: KindSpec, alias: string, keys: readonly RuleKey[]): SQL => {
  if (!spec.keys.length) return sql`true`;
  const tuples = keys.map(
    (key) =>
      sql`(${sql.join(
        spec.keys.map((k) => sql`${key[k as keyof RuleKey]}::int`),
        sql`, `,
      )})`,
  );
  return sql`(${raw(list(spec.keys, `${alias}.`))}) in (${sql.join(tuples, sql`, `)})`;
};

/** A rule's id among all kinds: `BASE_SALARY:3:2`, `SETTINGS`. */
export const ruleId = (kind: RuleKind, key: RuleKey) =>
  [kind, ...specOf(kind).keys.map((k) => key[k as keyof RuleKey])].join(':');
const keyFromId = (spec: KindSpec, id: string): RuleKey =>
  Object.fromEntries(spec.keys.map((k, i) => [k, Number(id.split(':')[i + 1])])) as RuleKey;

/**
 * A version a write left (or removed) on one rule's day, as its audit entry keeps it
 * (`details.ruleVersions`), so the write can be undone exactly: `value` what it wrote that day
 * (`removed`: it took the day's version away), `replaced` the version that started that day
 * before it (null: none).
 */
export interface KeptRuleVersion {
  kind: RuleKind;
  key: RuleKey;
  /** 'YYYY-MM-DD', or '-infinity' for a rule created with no day (it has always been). */
  day: string;
  value: Record<string, unknown> | null;
  removed?: true;
  replaced: KeptVersionRow | null;
  /** The rule's table row around the write (a rule put back today gets it again, when free). */
  rowId?: number;
}

/** A version row as it stood, to be put back. */
export interface KeptVersionRow {
  value: Record<string, unknown> | null;
  recordedBy: string | null;
  recordedAt: string;
}

export function createRuleVersionsRepository(db: DbOrTx) {
  /**
   * Sets the rows of `spec`'s table for `keys` to their versions in force on `today`; `ids`: a
   * rule that gets a row again gets it under this id (by `ruleId`), when no other row holds it.
   */
  async function materialize(
    spec: KindSpec,
    keys: readonly RuleKey[],
    today: string,
    ids: ReadonlyMap<string, number> = new Map(),
  ): Promise<void> {
    if (!keys.length) return;
    const f = inForceOn(spec.kind, today);
    const cols = list(spec.columns);
    if (!spec.keys.length) {
      await db.execute(sql`
        update settings s set (${raw(cols)}, version, updated_at) =
          (select ${raw(list(spec.columns, 'r.'))}, s.version + 1, now()
           from jsonb_populate_record(null::settings, f.value) r)
        from ${f} f
        where s.id = 1 and f.value is not null and ${raw(valueSql(spec, 's'))} is distinct from f.value`);
      return;
    }
    await db.execute(sql`
      delete from ${raw(spec.table)} t
      where ${keyIn(spec, 't', keys)}
        and not exists (select 1 from ${f} f where ${raw(sameRule(spec, 'f', 't'))} and f.value is not null)`);
    for (const key of keys) {
      const id = ids.get(ruleId(spec.kind, key));
      if (id === undefined) continue;
      await db.execute(sql`
        insert into ${raw(spec.table)} (id, ${raw(list(spec.keys))}, ${raw(cols)})
        select ${id}::int, ${raw(list(spec.keys, 'f.'))}, ${raw(list(spec.columns, 'r.'))}
        from ${f} f, jsonb_populate_record(null::${raw(spec.table)}, f.value) r
        where f.value is not null and ${keyIn(spec, 'f', [key])}
        on conflict do nothing`);
    }
    await db.execute(sql`
      insert into ${raw(spec.table)} (${raw(list(spec.keys))}, ${raw(cols)})
      select ${raw(list(spec.keys, 'f.'))}, ${raw(list(spec.columns, 'r.'))}
      from ${f} f, jsonb_populate_record(null::${raw(spec.table)}, f.value) r
      where f.value is not null and ${keyIn(spec, 'f', keys)}
      on conflict (${raw(list(spec.keys))}) do update
        set ${raw(spec.columns.map((c) => `${c} = excluded.${c}`).join(', '))}, version = ${raw(spec.table)}.version + 1
        where (${raw(list(spec.columns, `${spec.table}.`))}) is distinct from (${raw(list(spec.columns, 'excluded.'))})`);
  }

  return {
    /** Gives every rule that has no version yet its first one, from its table row as it is now. */
    async open(): Promise<void> {
      for (const spec of RULE_KINDS) {
        await db.execute(sql`
          insert into rule_versions (kind, ${raw(spec.keys.length ? `${list(spec.keys)}, ` : '')}effective_from, value)
          select ${spec.kind}, ${raw(spec.keys.length ? `${list(spec.keys, 't.')}, ` : '')}'-infinity'::date, ${raw(valueSql(spec, 't'))}
          from ${raw(spec.table)} t
          where not exists (select 1 from rule_versions x where x.kind = ${spec.kind} and ${raw(sameRule(spec, 'x', 't'))})`);
      }
    },

    /**
     * Every rule row's id and version number, keyed `KIND:key…` (what a write touched shows as
     * a new version; the id is what a revert gives a rule back).
     */
    async rowVersions(): Promise<Map<string, { id: number; version: number }>> {
      const out = new Map<string, { id: number; version: number }>();
      for (const spec of RULE_KINDS) {
        const result = await db.execute(
          sql`select ${raw(spec.keys.length ? `${list(spec.keys)}, ` : '')}id, version from ${raw(spec.table)}`,
        );
        for (const row of rowsOf(result))
          out.set(ruleId(spec.kind, keyOf(spec, row)), { id: Number(row.id), version: Number(row.version) });
      }
      return out;
    },

    /**
     * The rules whose table row differs from their version in force on `day`, and those in
     * `touched` (written, even to the value they had): what a write changed.
     */
    async changedSince(day: string, touched: ReadonlySet<string> = new Set()): Promise<ChangedRule[]> {
      const out: ChangedRule[] = [];
      for (const spec of RULE_KINDS) {
        const keys = spec.keys.map((k) => `coalesce(t.${k}, v.${k}) as ${k}`);
        const now = `case when t.id is null then null else ${valueSql(spec, 't')} end`;
        const mine = [...touched]
          .filter((id) => id.split(':')[0] === spec.kind)
          .map((id) => keyFromId(spec, id));
        const written = mine.length ? sql` or ${keyIn(spec, 't', mine)}` : sql``;
        const result = await db.execute(sql`
          select ${raw(keys.length ? `${keys.join(', ')}, ` : '')}${raw(now)} as value, v.value as before
          from ${raw(spec.table)} t full join ${inForceOn(spec.kind, day)} v on ${raw(sameRule(spec, 't', 'v'))}
          where ${raw(now)} is distinct from v.value${written}`);
        for (const row of rowsOf(result))
          out.push({
            kind: spec.kind,
            key: keyOf(spec, row),
            value: json(row.value),
            before: json(row.before),
          });
      }
      return out;
    },

    /**
     * Writes each rule's version from `day` (replacing one that starts that day), then sets the
     * rule tables to the versions in force on `today`: a later version already come keeps
     * holding, and a day still to come changes nothing today.
     */
    async writeAt(changes: readonly ChangedRule[], day: string, today: string, by: string | null) {
      for (const c of changes) {
        const spec = specOf(c.kind);
        const key = (k: keyof RuleKey) => (spec.keys.includes(k) ? (c.key[k] ?? null) : null);
        await db.execute(sql`
          insert into rule_versions (kind, grade_id, level_id, job_id, position_id, effective_from, value, applied, recorded_by)
          values (${c.kind}, ${key('grade_id')}, ${key('level_id')}, ${key('job_id')}, ${key('position_id')},
            ${day}::date, ${c.value === null ? null : JSON.stringify(c.value)}::jsonb, ${day <= today}, ${by})
          on conflict on constraint rule_versions_rule_day do update
            set value = excluded.value, applied = excluded.applied, recorded_by = excluded.recorded_by, recorded_at = now()`);
      }
      for (const spec of RULE_KINDS)
        await materialize(
          spec,
          changes.filter((c) => c.kind === spec.kind).map((c) => c.key),
          today,
        );
    },

    /** The versions of these rules that start exactly on `day`, by `ruleId` (what a write there replaces). */
    async startingOn(
      rules: ReadonlyArray<Pick<ChangedRule, 'kind' | 'key'>>,
      day: string,
    ): Promise<Map<string, KeptVersionRow>> {
      const out = new Map<string, KeptVersionRow>();
      for (const spec of RULE_KINDS) {
        const keys = rules.filter((r) => r.kind === spec.kind).map((r) => r.key);
        if (!keys.length) continue;
        const result = await db.execute(sql`
          select ${raw(spec.keys.length ? `${list(spec.keys, 'v.')}, ` : '')}v.value, v.recorded_by,
            to_json(v.recorded_at) #>> '{}' as recorded_at
          from rule_versions v
          where v.kind = ${spec.kind} and v.effective_from = ${day}::date and ${keyIn(spec, 'v', keys)}`);
        for (const row of rowsOf(result))
          out.set(ruleId(spec.kind, keyOf(spec, row)), {
            value: json(row.value),
            recordedBy: (row.recorded_by as string | null) ?? null,
            // To the microsecond, as stored: put back, it is the same.
            recordedAt: String(row.recorded_at),
          });
      }
      return out;
    },

    /**
     * Of the versions a write left, those no longer as it left them: the day's version changed
     * or gone (or, for one it removed, back).
     */
    async notAsLeft(kept: readonly KeptRuleVersion[]): Promise<KeptRuleVersion[]> {
      const out: KeptRuleVersion[] = [];
      for (const k of kept) {
        const spec = specOf(k.kind);
        const match = spec.keys.map((c) => sql` and ${raw(c)} = ${k.key[c as keyof RuleKey] ?? null}::int`);
        const value = k.value === null ? null : JSON.stringify(k.value);
        const [row] = rowsOf(
          await db.execute(sql`
            select (value is not distinct from ${value}::jsonb) as same from rule_versions
            where kind = ${k.kind} and effective_from = ${k.day}::date${sql.join(match, sql``)}`),
        );
        const same = k.removed ? row === undefined : row !== undefined && Boolean(row.same);
        if (!same) out.push(k);
      }
      return out;
    },

    /**
     * Puts back the versions a write replaced on each rule's day (none: the day's version goes),
     * then sets the rule tables to the versions in force on `today`; a rule that comes back
     * today gets its table row under the id it had (`rowId`, when free).
     */
    async putBack(kept: readonly KeptRuleVersion[], today: string): Promise<void> {
      for (const k of kept) {
        const spec = specOf(k.kind);
        const key = (c: keyof RuleKey) => (spec.keys.includes(c) ? (k.key[c] ?? null) : null);
        const same = sql`kind = ${k.kind} and grade_id is not distinct from ${key('grade_id')}::int
          and level_id is not distinct from ${key('level_id')}::int and job_id is not distinct from ${key('job_id')}::int
          and position_id is not distinct from ${key('position_id')}::int and effective_from = ${k.day}::date`;
        if (k.replaced === null) {
          await db.execute(sql`delete from rule_versions where ${same}`);
          continue;
        }
        const r = k.replaced;
        await db.execute(sql`
          insert into rule_versions (kind, grade_id, level_id, job_id, position_id, effective_from, value, applied, recorded_by, recorded_at)
          values (${k.kind}, ${key('grade_id')}, ${key('level_id')}, ${key('job_id')}, ${key('position_id')},
            ${k.day}::date, ${r.value === null ? null : JSON.stringify(r.value)}::jsonb, ${k.day <= today}, ${r.recordedBy}, ${r.recordedAt}::timestamptz)
          on conflict on constraint rule_versions_rule_day do update
            set value = excluded.value, applied = excluded.applied, recorded_by = excluded.recorded_by, recorded_at = excluded.recorded_at`);
      }
      for (const spec of RULE_KINDS) {
        const mine = kept.filter((k) => k.kind === spec.kind);
        const ids = new Map(
          mine.flatMap((k) => (k.rowId === undefined ? [] : [[ruleId(k.kind, k.key), k.rowId] as const])),
        );
        await materialize(
          spec,
          mine.map((k) => k.key),
          today,
          ids,
        );
      }
    },

    /** The table rows' ids of these rules, by `ruleId` (a rule without a row today has none). */
    async rowIds(rules: ReadonlyArray<Pick<ChangedRule, 'kind' | 'key'>>): Promise<Map<string, number>> {
      const out = new Map<string, number>();
      for (const spec of RULE_KINDS) {
        const keys = rules.filter((r) => r.kind === spec.kind).map((r) => r.key);
        if (!keys.length || !spec.keys.length) continue;
        const result = await db.execute(
          sql`select id, ${raw(list(spec.keys, 't.'))} from ${raw(spec.table)} t where ${keyIn(spec, 't', keys)}`,
        );
        for (const row of rowsOf(result)) out.set(ruleId(spec.kind, keyOf(spec, row)), Number(row.id));
      }
      return out;
    },

    /** Whether a rule has any version at all (waiting or not). */
    async hasVersions(change: Pick<ChangedRule, 'kind' | 'key'>): Promise<boolean> {
      const spec = specOf(change.kind);
      const match = spec.keys.map((k) => sql`${sql.raw(k)} = ${change.key[k as keyof RuleKey]}::int`);
      const [row] = rowsOf(
        await db.execute(
          sql`select 1 as one from rule_versions where kind = ${change.kind}${
            match.length ? sql` and ${sql.join(match, sql` and `)}` : sql``
          } limit 1`,
        ),
      );
      return row !== undefined;
    },

    /** When the next waiting version starts (null: none). */
    async nextWaiting(): Promise<string | null> {
      const [row] = rowsOf(
        await db.execute(sql`select min(effective_from)::text as next from rule_versions where not applied`),
      );
      return (row?.next as string | null) ?? null;
    },

    /** Marks the versions whose day has come applied and sets the rule tables to them; answers them. */
    async applyDue(today: string): Promise<ChangedRule[]> {
      const due: ChangedRule[] = [];
      for (const spec of RULE_KINDS) {
        const result = await db.execute(sql`
          update rule_versions set applied = true
          where not applied and kind = ${spec.kind} and effective_from <= ${today}::date
          returning ${raw(spec.keys.length ? `${list(spec.keys)}, ` : '')}value`);
        const rows = rowsOf(result);
        for (const row of rows)
          due.push({ kind: spec.kind, key: keyOf(spec, row), value: json(row.value), before: null });
        await materialize(
          spec,
          rows.map((r) => keyOf(spec, r)),
          today,
        );
      }
      return due;
    },

    /** The versions still waiting for their day (or one, by id), with the one each replaces and its rule's name. */
    async waiting(id?: number): Promise<RuleVersionRow[]> {
      const result = await db.execute(sql`
        select r.id, r.kind, r.grade_id, r.level_id, r.job_id, r.position_id, r.effective_from::text as effective_from,
          r.value, r.applied, r.recorded_by, r.recorded_at,
          (select p.value from rule_versions p
            where p.kind = r.kind and p.grade_id is not distinct from r.grade_id and p.level_id is not distinct from r.level_id
              and p.job_id is not distinct from r.job_id and p.position_id is not distinct from r.position_id
              and p.effective_from < r.effective_from
            order by p.effective_from desc limit 1) as before,
          case r.kind
            when 'BASE_SALARY' then (select name from grades where id = r.grade_id) || ' / ' || (select name from levels where id = r.level_id)
            when 'ADJUSTMENT_FACTOR' then (select name from jobs where id = r.job_id) || ' / ' || (select name from positions where id = r.position_id)
            else 'Settings' end as subject_name
        from rule_versions r
        where not r.applied ${id === undefined ? sql`` : sql`and r.id = ${id}`}
        order by r.effective_from, r.id`);
      return rowsOf(result).map((row) => {
        const spec = specOf(row.kind as RuleKind);
        return {
          id: Number(row.id),
          kind: spec.kind,
          key: keyOf(spec, row),
          effectiveFrom: String(row.effective_from),
          value: json(row.value),
          before: json(row.before),
          subjectName: String(row.subject_name ?? ''),
          applied: Boolean(row.applied),
          recordedBy: (row.recorded_by as string | null) ?? null,
          recordedAt: new Date(row.recorded_at as string).toISOString(),
        };
      });
    },

    /** Whether a version with this id exists, waiting or not. */
    async exists(id: number): Promise<boolean> {
      const [row] = rowsOf(await db.execute(sql`select 1 as one from rule_versions where id = ${id}`));
      return row !== undefined;
    },

    /** Removes a waiting version whose day is still to come; answers whether it did. */
    async cancelWaiting(id: number, today: string): Promise<boolean> {
      const result = await db.execute(sql`
        delete from rule_versions where id = ${id} and not applied and effective_from > ${today}::date returning id`);
      return rowsOf(result).length > 0;
    },
  };
}

export type RuleVersionsRepository = ReturnType<typeof createRuleVersionsRepository>;

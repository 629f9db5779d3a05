import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MIGRATION_FILES, migrationsBefore, runMigration } from '../support/migration-files.ts';

/*
 * Migration 0016 turns the stored rules into integers: the settings' six multipliers, the two
 * insurance percentages, the benefits' and custom multipliers' values inside their jsonb lists,
 * and every adjustment factor. Each old decimal must land as the same value in its unit —
 * basis points for a percentage (a factor's fraction × 10,000), cents for an amount — negative,
 * smallest and largest included, and a value with more decimals than its unit keeps must stop
 * the migration rather than be rounded. Run on a database built by the migrations before it,
 * on PGlite and (in server-pg) on PostgreSQL.
 */

const RULES_MIGRATION = '0016_rules_in_integer_units.sql';

interface Sql {
  exec(text: string): Promise<void>;
  rows<T>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

/** An empty database of the kind this run tests: PGlite, or a new PostgreSQL database. */
async function emptyDatabase(): Promise<Sql> {
  if (!inject('pgTemplateDb')) {
    const db = new PGlite();
    return {
      exec: async (text) => void (await db.exec(text)),
      rows: async <T>(text: string) => (await db.query<T>(text)).rows,
      close: () => db.close(),
    };
  }
  const adminUrl = inject('pgAdminUrl');
  const name = `salary_m_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    exec: async (text) => void (await client.query(text)),
    rows: async <T>(text: string) => (await client.query(text)).rows as T[],
    close: async () => {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Old decimals → the integers they must become: [type, stored numeric(14,4), units]. */
const FACTORS: Array<[string, string, number]> = [
  ['PERCENTAGE', '0.1525', 1525],
  ['PERCENTAGE', '-0.0001', -1],
  ['PERCENTAGE', '1.0000', 10_000],
  ['PERCENTAGE', '-1.0000', -10_000],
  ['PERCENTAGE', '0.0000', 0],
  ['FIXED', '-1234.5600', -123_456],
  ['FIXED', '0.0100', 1],
  ['FIXED', '999999999.9900', 99_999_999_999],
];

let db: Sql;

beforeAll(async () => {
  expect(MIGRATION_FILES).toContain(RULES_MIGRATION);
  db = await emptyDatabase();
  for (const file of migrationsBefore(RULES_MIGRATION)) await runMigration(db, file);
  await db.exec(`
    insert into jobs (name) select 'Job ' || n from generate_series(1, ${FACTORS.length}) n;
    insert into positions (job_id, name) select id, 'Position' from jobs;
  `);
});

afterAll(async () => {
  await db?.close();
});

describe('migration 0016: rules in integer units', () => {
  it('stops, changing nothing, at a stored value with more decimals than its unit keeps', async () => {
    // numeric(14,4) could hold a FIXED factor with four decimals; the app never wrote one.
    await db.exec(`begin;
      insert into adjustment_factors (job_id, position_id, type, factor) values (1, 1, 'FIXED', 10.005)`);
    await expect(runMigration(db, RULES_MIGRATION)).rejects.toThrow(/more decimals than its unit keeps/);
    await db.exec('rollback');
    const [column] = await db.rows<{ type: string }>(
      `select data_type as type from information_schema.columns
        where table_name = 'adjustment_factors' and column_name = 'factor'`,
    );
    expect(column?.type).toBe('numeric');
  });

  it('converts every stored rule exactly: percentages to basis points, amounts to cents', async () => {
    await db.exec(`
      insert into adjustment_factors (job_id, position_id, type, factor) values
        ${FACTORS.map(([type, factor], i) => `(${i + 1}, ${i + 1}, '${type}', ${factor})`).join(',\n')};
      update settings set
        experience_multiplier = 2.5, experience_multiplier_type = 'PERCENTAGE',
        loyalty_multiplier = 40, loyalty_multiplier_type = 'FIXED',
        offshore_multiplier = -300.55, offshore_multiplier_type = 'FIXED',
        acting_as_multiplier = -100, acting_as_multiplier_type = 'PERCENTAGE',
        pillar_multiplier = 0.01, pillar_multiplier_type = 'PERCENTAGE',
        remote_multiplier = 999999999999.99, remote_multiplier_type = 'FIXED',
        company_insurance_percentage = 75.25, total_insurance_percentage = 0.01,
        benefits = '[{"name": "Health", "amount": 250.75, "type": "FIXED_AMOUNT"},
                     {"name": "Pension", "amount": 5.5, "type": "PERCENTAGE"},
                     {"name": "Nothing", "amount": 0, "type": "PERCENTAGE"}]',
        custom_multipliers = '[{"id": "cm_a", "title": "On-call", "multiplier": -12.34, "type": "FIXED"},
                               {"id": "cm_b", "title": "Night", "multiplier": 99.99, "type": "PERCENTAGE"},
                               {"id": "cm_c", "title": "Cut", "multiplier": -0.01, "type": "PERCENTAGE"}]'
      where id = 1;
    `);
    await runMigration(db, RULES_MIGRATION);

    const factors = await db.rows<{ type: string; factor: string | number }>(
      'select type, factor from adjustment_factors order by job_id',
    );
    expect(factors.map((f) => [f.type, Number(f.factor)])).toEqual(
      FACTORS.map(([type, , units]) => [type, units]),
    );

    const [s] = await db.rows<Record<string, unknown>>('select * from settings where id = 1');
    expect(
      [
        'experience_multiplier',
        'loyalty_multiplier',
        'offshore_multiplier',
        'acting_as_multiplier',
        'pillar_multiplier',
        'remote_multiplier',
        'company_insurance_percentage',
        'total_insurance_percentage',
      ].map((column) => Number(s![column])),
    ).toEqual([250, 4000, -30_055, -10_000, 1, 99_999_999_999_999, 7525, 1]);
    expect(s!.benefits).toEqual([
      { name: 'Health', type: 'FIXED_AMOUNT', units: 25_075 },
      { name: 'Pension', type: 'PERCENTAGE', units: 550 },
      { name: 'Nothing', type: 'PERCENTAGE', units: 0 },
    ]);
    expect(s!.custom_multipliers).toEqual([
      { id: 'cm_a', title: 'On-call', type: 'FIXED', units: -1234 },
      { id: 'cm_b', title: 'Night', type: 'PERCENTAGE', units: 9999 },
      { id: 'cm_c', title: 'Cut', type: 'PERCENTAGE', units: -1 },
    ]);
  });

  it('leaves integer columns whose checks and defaults speak basis points', async () => {
    const columns = await db.rows<{ column_name: string; data_type: string; column_default: string | null }>(
      `select column_name, data_type, column_default from information_schema.columns
        where (table_name = 'settings' and (column_name like '%multiplier' or column_name like '%percentage'))
           or (table_name = 'adjustment_factors' and column_name = 'factor')
        order by table_name, column_name`,
    );
    expect(Object.fromEntries(columns.map((c) => [c.column_name, c.data_type]))).toEqual({
      factor: 'bigint',
      acting_as_multiplier: 'bigint',
      company_insurance_percentage: 'integer',
      experience_multiplier: 'bigint',
      loyalty_multiplier: 'bigint',
      offshore_multiplier: 'bigint',
      pillar_multiplier: 'bigint',
      remote_multiplier: 'bigint',
      total_insurance_percentage: 'integer',
    });
    const defaults = Object.fromEntries(columns.map((c) => [c.column_name, c.column_default]));
    expect(defaults.company_insurance_percentage).toBe('10000');
    expect(defaults.total_insurance_percentage).toBe('1400');
    // 100% is the most a PERCENTAGE rule may be: 10,000 basis points, not 100.
    await expect(db.exec(`update settings set pillar_multiplier = 10001 where id = 1`)).rejects.toThrow();
    await expect(db.exec(`update adjustment_factors set factor = -10001 where job_id = 1`)).rejects.toThrow();
    await db.exec(`update settings set pillar_multiplier = 10000 where id = 1`);
  });
});

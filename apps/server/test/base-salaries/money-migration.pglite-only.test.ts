import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { MIGRATION_FILES, migrationsBefore, runMigration } from '../support/migration-files.ts';

/*
 * Migration 0013 turns the stored money (numeric(14,2) dollars) into whole cents: every amount
 * an installation holds must come out exactly × 100, the largest and the smallest included,
 * and an empty figure (no base salary then) stays empty. Run on a database built by the
 * migrations before it, with rows written the way that schema took them.
 */

const MONEY_MIGRATION = '0013_money_in_cents.sql';

describe('migration 0013: money in whole cents', () => {
  it('converts every stored amount exactly, nulls staying null', async () => {
    expect(MIGRATION_FILES).toContain(MONEY_MIGRATION);
    const db = new PGlite();
    try {
      for (const file of migrationsBefore(MONEY_MIGRATION)) await runMigration(db, file);
      await db.exec(`
        insert into grades (name) values ('G1'), ('G2'), ('G3'), ('G4');
        insert into levels (name) values ('L1');
        insert into base_salaries (grade_id, level_id, amount)
          select g.id, l.id, v.amount from (values (1, 0.00), (2, 0.01), (3, 1234.56), (4, 999999999999.99))
          as v(n, amount) join grades g on g.id = v.n cross join levels l;
        insert into audit_entries (actor_email, action, entity_type, changes)
          values ('a@example.com', 'create', 'company', '[]');
        insert into pay_history (employee_id, gross_before, gross_after, cost_before, cost_after, audit_id)
          values (1, null, 4321.09, null, 5000.1, 1), (2, 0.29, 0.57, 1.15, 2.3, 1);
      `);
      await runMigration(db, MONEY_MIGRATION);
      const bases = await db.query<{ amount: number; type: string }>(
        `select amount, pg_typeof(amount)::text as type from base_salaries order by grade_id`,
      );
      expect(bases.rows.map((r) => Number(r.amount))).toEqual([0, 1, 123456, 99999999999999]);
      expect(new Set(bases.rows.map((r) => r.type))).toEqual(new Set(['bigint']));
      const history = await db.query<Record<string, number | null>>(
        `select gross_before, gross_after, cost_before, cost_after from pay_history order by employee_id`,
      );
      expect(history.rows.map((r) => Object.values(r).map((v) => (v === null ? null : Number(v))))).toEqual([
        [null, 432109, null, 500010],
        [29, 57, 115, 230],
      ]);
    } finally {
      await db.close();
    }
  });
});

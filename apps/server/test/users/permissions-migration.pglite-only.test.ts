import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/paths.ts';

/*
 * Migration 0015 moves the six permission columns of users into one list of granted keys: each
 * user must keep exactly what was granted. A database at the migration before it, with users
 * holding every kind of grant, migrated to the end.
 */

const MIGRATION = '0015_user_permissions_as_data';
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The migrations folder up to (not including) `tag`. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'salary-migrations-'));
  dirs.push(dir);
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

describe('migration 0015: permissions as data', () => {
  it('keeps every grant of every user, in the list order', async () => {
    const client = new PGlite();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: migrationsBefore(MIGRATION) });
      await client.exec(`
        insert into users (email, name, password_hash, is_admin, show_settings, manage_settings,
          show_salary, show_cost, manage_employee, delete_employee) values
          ('none@example.com', 'None', 'x', false, false, false, false, false, false, false),
          ('all@example.com', 'All', 'x', false, true, true, true, true, true, true),
          ('some@example.com', 'Some', 'x', false, false, false, true, false, false, true),
          ('admin@example.com', 'Admin', 'x', true, false, true, false, true, false, false);
      `);
      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
      const { rows } = await client.query<{ email: string; is_admin: boolean; permissions: string[] }>(
        'select email, is_admin, permissions from users order by id',
      );
      expect(rows).toEqual([
        { email: 'none@example.com', is_admin: false, permissions: [] },
        {
          email: 'all@example.com',
          is_admin: false,
          permissions: [
            'showSettings',
            'manageSettings',
            'showSalary',
            'showCost',
            'manageEmployee',
            'deleteEmployee',
          ],
        },
        { email: 'some@example.com', is_admin: false, permissions: ['showSalary', 'deleteEmployee'] },
        { email: 'admin@example.com', is_admin: true, permissions: ['manageSettings', 'showCost'] },
      ]);
      const { rows: columns } = await client.query<{ column_name: string }>(
        "select column_name from information_schema.columns where table_name = 'users' and data_type = 'boolean'",
      );
      expect(columns.map((c) => c.column_name)).toEqual(['is_admin']);
    } finally {
      await client.close();
    }
  });
});
